// The UI on the service's own origin, so the UI and the API are same-origin in the desktop window
// and in a browser alike (no CORS, one CSP, cookies that never leave this origin).
//
// GET {base_url}/   a browser navigation (Accept: text/html) gets the UI; anything else gets the
//                   site's discovery document (contract §1), so scripts see what they always saw.
//                   `?login=<code>` redeems a one-time sign-in code for a session cookie first.
// GET /_app/...     the UI's built files (`_` can never start a site code).
//
// The files are read into memory once at start: the UI is small, and a fixed map of paths is also
// the simplest guarantee that no request can read anything else from disk.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/store.ts';
import { SESSION_MS } from '../db/repositories/sessions.ts';
import type { RequestContext } from './context.ts';
import { sessionCookie } from './cookies.ts';
import { writeGateOf } from './write-gate.ts';

const UI_ASSET_PREFIX = '/_app/';

/**
 * The UI page's Content-Security-Policy: everything from our own origin, nothing from anywhere else
 * (offline means no fonts, scripts or styles from the network), and `connect-src 'self'`: the page
 * may talk to this service only.
 */
const UI_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

export interface UiAssets {
  /** The page served at every site's base URL. */
  index: Asset;
  /** `/_app/<path>` → file. */
  files: Map<string, Asset>;
  /** false: the placeholder page (the renderer is not built). */
  built: boolean;
}

function asset(body: Buffer, type: string): Asset {
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Almanac</title></head>
<body><h1>Almanac</h1><p>The calendar's user interface is not built in this copy. Run <code>npm start</code>
(or <code>npm run build:ui</code>) to build it; the API is served meanwhile.</p></body></html>`;

/** Loads the built UI from `dir` (Vite's output: index.html + assets), or a placeholder page. */
export function loadUiAssets(dir: string | undefined): UiAssets {
  if (!dir || !existsSync(join(dir, 'index.html'))) {
    return { index: asset(Buffer.from(PLACEHOLDER), TYPES['.html']!), files: new Map(), built: false };
  }
  const files = new Map<string, Asset>();
  for (const path of walk(dir)) {
    const name = relative(dir, path).split(sep).join('/');
    if (name === 'index.html') continue;
    files.set(name, asset(readFileSync(path), TYPES[extname(path)] ?? 'application/octet-stream'));
  }
  return { index: asset(readFileSync(join(dir, 'index.html')), TYPES['.html']!), files, built: true };
}

function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

function sendIndex(assets: UiAssets, reply: FastifyReply) {
  return reply
    .header('content-security-policy', UI_CSP)
    .header('cache-control', 'no-cache')
    .header('etag', assets.index.etag)
    .type(assets.index.type)
    .send(assets.index.body);
}

/**
 * `?login=<code>`: a one-time code printed by `almanac serve`. Redeemed (single use, ten minutes)
 * for an HttpOnly, SameSite=Strict session cookie, then redirected to the same page without the
 * code, so it stays neither in the address bar nor in a bookmark. A used or expired code lands on
 * the page with `?signin=expired`, which the UI explains.
 */
async function redeemSignIn(store: Store, request: FastifyRequest, reply: FastifyReply, code: string) {
  const path = request.url.split('?')[0]!;
  const gate = writeGateOf(store); // an import may hold the write lock (write-gate.ts)
  while (gate.closed) await gate.whenOpen();
  const sessionId = store.writing(() => {
    const userId = store.sessions.redeemSignInCode(code);
    return userId === undefined ? undefined : store.sessions.createSession(userId, null).id;
  });
  if (sessionId === undefined) return reply.code(303).header('location', `${path}?signin=expired`).send();
  return reply
    .code(303)
    .header('set-cookie', sessionCookie(request.socket?.localPort, sessionId, Math.floor(SESSION_MS / 1000)))
    .header('location', path)
    .send();
}

/** `discovery`: the site's discovery document, answered at `{base_url}/` to clients asking for JSON. */
export function registerUi(
  app: FastifyInstance,
  store: Store,
  assets: UiAssets,
  discovery: (ctx: RequestContext) => unknown,
): void {
  app.get(`${UI_ASSET_PREFIX}*`, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const file = assets.files.get(name);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    // Vite puts a content hash in every asset name under assets/: they never change.
    const immutable = name.startsWith('assets/');
    return reply
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', file.etag)
      .type(file.type)
      .send(file.body);
  });

  for (const path of ['/', '/:site']) {
    app.get(path, async (request, reply) => {
      const { login } = request.query as { login?: unknown };
      if (typeof login === 'string' && login !== '') return redeemSignIn(store, request, reply, login);
      if (wantsHtml(request)) return sendIndex(assets, reply);
      return discovery(request.ctx);
    });
  }
}
