// An answer given before a large body has arrived closes the connection (issue 37's "a 413 decided
// from Content-Length still lets Node read the rest of the body"): the client that declares 50 MB
// and the one that is refused from its headers are not read to the end. A small body's connection,
// and every ordinary one, is kept.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { startServer, type TestServer, API } from '../support/server.ts';
import { basic } from '../caldav/dav-request.ts';
import { DRAIN_UNREAD_BYTES } from '../../server/http/close-unread-body.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Resolves once the server has closed its side of the connection. */
  closed: Promise<void>;
  socket: Socket;
}

/** Sends only a request's head (and `body`, if any), and reads the answer's head. */
function sendHead(head: string[], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('end', done).once('close', done));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('error', () => undefined); // a reset after the answer is what some closes look like
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      socket.resume();
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, closed, socket });
    });
    socket.once('error', reject);
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

test('a REST body declared past 1 MiB: 413, and the connection is closed without reading it', async () => {
  const answer = await sendHead([
    `POST ${API}/events HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    `Authorization: Bearer ${server.tokens.administrator}`,
    'Content-Type: application/json',
    'Content-Length: 50000000',
  ]);
  assert.equal(answer.status, 413);
  assert.equal(answer.headers.connection, 'close');
  // Not one byte of the 50 MB was sent: the server ends the connection on its own.
  await answer.closed;
});

test('a CalDAV PUT declared past the object limit: 413, closed', async () => {
  const answer = await sendHead([
    'PUT /caldav/calendars/editor/default/big.ics HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    `Authorization: ${basic('editor', server.tokens.editor)}`,
    'Content-Type: text/calendar',
    'Content-Length: 50000000',
  ]);
  assert.equal(answer.status, 413);
  assert.equal(answer.headers.connection, 'close');
  await answer.closed;
});

test('a CalDAV PUT refused from its headers (no password) before its large body: 401, closed', async () => {
  const answer = await sendHead([
    'PUT /caldav/calendars/editor/default/big.ics HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    'Content-Type: text/calendar',
    `Content-Length: ${DRAIN_UNREAD_BYTES + 1}`,
  ]);
  assert.equal(answer.status, 401);
  assert.equal(answer.headers.connection, 'close');
  await answer.closed;
});

test('a chunked body refused before it ends: closed (how much is left is unknown)', async () => {
  const answer = await sendHead(
    [
      'PUT /caldav/calendars/editor/default/big.ics HTTP/1.1',
      `Host: 127.0.0.1:${server.port}`,
      'Content-Type: text/calendar',
      'Transfer-Encoding: chunked',
    ],
    '10\r\nBEGIN:VCALENDAR\r\r\n',
  );
  assert.equal(answer.status, 401);
  assert.equal(answer.headers.connection, 'close');
  await answer.closed;
});

test('a small body refused before it arrives keeps the connection: the rest is read, the next request answered', async () => {
  const answer = await sendHead([
    'PUT /caldav/calendars/editor/default/small.ics HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    'Content-Type: text/calendar',
    'Content-Length: 10',
  ]);
  assert.equal(answer.status, 401);
  assert.notEqual(answer.headers.connection, 'close');
  // The ten bytes, then a second request on the same connection.
  const second = new Promise<string>((resolve) => {
    let text = '';
    answer.socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\r\n\r\n')) resolve(text);
    });
  });
  answer.socket.write(
    `0123456789GET ${API}/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
  );
  assert.match(await second, /^HTTP\/1\.1 200 /);
  answer.socket.destroy();
});

test('an ordinary request keeps its connection', async () => {
  const body = JSON.stringify({ title: 'Kept', start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 11:00:00' });
  const answer = await sendHead(
    [
      `POST ${API}/events HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      `Authorization: Bearer ${server.tokens.administrator}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
    ],
    body,
  );
  assert.equal(answer.status, 201);
  assert.notEqual(answer.headers.connection, 'close');
  answer.socket.destroy();
});
