// CalDAV requests over real HTTP for the protocol tests: Basic auth with a test user's token, XML
// or iCalendar bodies, redirects not followed.
import type { TestServer } from '../support/server.ts';

export interface DavResponse {
  status: number;
  text: string;
  headers: Headers;
}

export function basic(login: string, token: string): string {
  return `Basic ${Buffer.from(`${login}:${token}`).toString('base64')}`;
}

export type DavRequest = (
  method: string,
  path: string,
  options?: { body?: string; headers?: Record<string, string>; as?: string },
) => Promise<DavResponse>;

/** Requests to `server` as a test user (default: the editor). */
export function davRequests(server: () => TestServer): DavRequest {
  return async (method, path, options = {}) => {
    const login = options.as ?? 'editor';
    const response = await fetch(server().url + path, {
      method,
      body: options.body,
      redirect: 'manual',
      headers: {
        authorization: basic(login, server().tokens[login as keyof TestServer['tokens']] ?? 'x'),
        ...(options.body !== undefined && !options.headers?.['content-type']
          ? { 'content-type': 'application/xml' }
          : {}),
        ...options.headers,
      },
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
}

/** A VCALENDAR of the given VEVENT blocks (each a list of lines without BEGIN/END). */
export function calendarOf(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Almanac tests//EN',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
