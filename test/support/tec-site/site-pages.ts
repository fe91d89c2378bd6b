// What the site serves outside the REST API: uploaded files, WordPress's authorize-application page, and
// front pages that announce the API (the `Link: rel="https://api.w.org/"` header and TEC's X-TEC-API-*).
import type http from 'node:http';
import { authorizeApplicationPage } from './authorize.ts';
import type { RawMedia, SiteStore } from './store.ts';

export interface PageResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

export async function serveSitePage(
  store: SiteStore,
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
): Promise<PageResponse> {
  if (url.pathname.startsWith('/wp-content/uploads/')) {
    const file = decodeURIComponent(url.pathname.slice('/wp-content/uploads/'.length));
    const media = [...store.posts.values()].find((p): p is RawMedia => p.type === 'attachment' && p.file === file);
    if (!media) return { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not Found</h1>' };
    return {
      status: 200,
      headers: { 'Content-Type': media.mimeType, 'Content-Length': String(media.bytes.length) },
      body: media.bytes,
    };
  }
  if (url.pathname === '/wp-admin/authorize-application.php') return authorizeApplicationPage(store, req, url, body);
  const api = `${store.url}/wp-json/tribe/events/v1/`;
  return {
    status: url.pathname === '/' ? 200 : 404,
    headers: {
      'Content-Type': 'text/html; charset=UTF-8',
      Link: `<${store.url}/wp-json/>; rel="https://api.w.org/"`,
      'X-TEC-API-VERSION': 'v1',
      'X-TEC-API-ROOT': api,
      'X-TEC-API-ORIGIN': store.url,
    },
    body: `<!DOCTYPE html><html><head><title>${store.settings.name}</title><meta name="tec-api-version" content="v1"><meta name="tec-api-origin" content="${store.url}"><link rel="alternate" href="${api}"></head><body><h1>${store.settings.name}</h1></body></html>`,
  };
}
