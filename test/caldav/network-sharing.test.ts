// "Share on my network": off by default; on, CalDAV — and only CalDAV — answers over HTTPS with
// the certificate Almanac made (its fingerprint as Settings shows it); off again, nothing listens.
// The network server is bound to 127.0.0.1 here: tests send traffic to loopback only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type TestServer } from '../support/server.ts';
import { NetworkSharing } from '../../server/caldav/network/sharing.ts';
import { certificateDir } from '../../server/caldav/network/certificate.ts';

let server: TestServer;
let sharing: NetworkSharing;

before(async () => {
  server = await startServer();
  sharing = new NetworkSharing(server.dataDir, () => server.listening.app.calDavOptions, '127.0.0.1');
});
after(async () => {
  await sharing?.stop();
  await server?.close();
});

function httpsRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; ca: string },
): Promise<{ status: number; body: string; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        ca: options.ca,
        agent: false,
        // The certificate names this machine's addresses; the test reaches it on 127.0.0.1.
        checkServerIdentity: () => undefined,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        const peer = (response.socket as TLSSocket).getPeerX509Certificate?.();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, fingerprint: peer?.fingerprint256 ?? '' }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

test('off by default; on, CalDAV alone over HTTPS with the certificate whose fingerprint Settings shows; off, gone', async () => {
  assert.equal(sharing.status().enabled, false);
  const settings = await server.admin('GET', '/almanac/v1/caldav');
  assert.equal(settings.status, 200, settings.text);
  assert.equal(settings.body.address, `${server.url}/caldav/`);

  const on = await sharing.set(true);
  assert.equal(on.enabled, true);
  const port = Number(
    /:(\d+)\//.exec(`https://x:${(sharing as unknown as { server: { port: number } }).server.port}/`)![1],
  );
  const cert = readFileSync(join(certificateDir(server.dataDir), 'cert.pem'), 'utf8');
  assert.equal(on.fingerprint, new X509Certificate(cert).fingerprint256);
  assert.equal(statSync(join(certificateDir(server.dataDir), 'key.pem')).mode & 0o077, 0, 'the key is private');

  const auth = `Basic ${Buffer.from(`editor:${server.tokens.editor}`).toString('base64')}`;
  const propfind = await httpsRequest(port, {
    method: 'PROPFIND',
    path: '/caldav/calendars/editor/',
    headers: { authorization: auth, depth: '1' },
    ca: cert,
  });
  assert.equal(propfind.status, 207, propfind.body);
  assert.match(propfind.body, /calendars\/editor\/default\//);
  assert.equal(propfind.fingerprint, on.fingerprint);

  // Only CalDAV: the REST API and the UI are not there; browsers are refused.
  const rest = await httpsRequest(port, { method: 'GET', path: '/svc/events/v1/events', ca: cert });
  assert.equal(rest.status, 404);
  const ui = await httpsRequest(port, { method: 'GET', path: '/', ca: cert });
  assert.equal(ui.status, 301);
  const browser = await httpsRequest(port, {
    method: 'PROPFIND',
    path: '/caldav/',
    headers: { authorization: auth, origin: 'https://evil.example', depth: '0' },
    ca: cert,
  });
  assert.equal(browser.status, 403);

  // The choice is kept for the next start; the same certificate is reused.
  const again = new NetworkSharing(server.dataDir, () => server.listening.app.calDavOptions, '127.0.0.1');
  await sharing.stop();
  await again.resume();
  assert.equal(again.status().fingerprint, on.fingerprint);
  const off = await again.set(false);
  assert.equal(off.enabled, false);
  await assert.rejects(
    httpsRequest(port, { method: 'OPTIONS', path: '/caldav/', ca: cert }),
    /ECONNREFUSED|ECONNRESET/,
  );
  const later = new NetworkSharing(server.dataDir, () => server.listening.app.calDavOptions, '127.0.0.1');
  await later.resume();
  assert.equal(later.status().enabled, false, 'off stays off');
});

test('only the install administrator may turn sharing on; a server without sharing says so', async () => {
  const editor = await server.request('POST', '/almanac/v1/caldav/network', {
    json: { enabled: true },
    token: server.tokens.editor,
  });
  assert.equal(editor.status, 403);
  const admin = await server.request('POST', '/almanac/v1/caldav/network', {
    json: { enabled: true },
    token: server.tokens.administrator,
  });
  // The test server's administrator is a site administrator, not the install's; and the test
  // server was started without sharing.
  assert.ok([403, 503].includes(admin.status), admin.text);
});
