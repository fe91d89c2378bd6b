// How this page proves who it is to the local API (server/http/auth.ts):
// - in the desktop window, the per-launch bearer token from the preload bridge (kept in memory);
// - in a browser, the HttpOnly session cookie plus its nonce in X-WP-Nonce on every request;
// - otherwise nothing: the public calendar, read-only.
import type { DesktopBridge } from '../../../electron/ipc-channels.ts';

type Credentials = { kind: 'desktop'; token: string } | { kind: 'cookie'; nonce: string } | { kind: 'anonymous' };

let credentials: Credentials = { kind: 'anonymous' };

export const getCredentials = () => credentials;
export const setCredentials = (next: Credentials) => {
  credentials = next;
};

/** The headers that carry the credentials. */
export function authHeaders(): Record<string, string> {
  if (credentials.kind === 'desktop') return { Authorization: `Bearer ${credentials.token}` };
  if (credentials.kind === 'cookie') return { 'X-WP-Nonce': credentials.nonce };
  return {};
}

/** The desktop app's bridge, when this page runs in its window. */
export function desktopBridge(): DesktopBridge | undefined {
  return (window as unknown as { almanacDesktop?: DesktopBridge }).almanacDesktop;
}
