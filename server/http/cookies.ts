// The UI's session cookie. Cookies are shared by every port of a host, so the name carries the
// port: two Almanac servers on one machine never overwrite each other's sign-in.
export const sessionCookieName = (port: number | undefined) => `almanac_session${port ? `_${port}` : ''}`;

/** One cookie's value from a Cookie header (RFC 6265 pairs separated by `;`). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return decodeURIComponent(pair.slice(eq + 1).trim());
  }
  return undefined;
}

/** `Set-Cookie` for the session: HttpOnly (no script reads it), SameSite=Strict (no other site sends it). */
export function sessionCookie(port: number | undefined, id: string, maxAgeSeconds: number): string {
  return `${sessionCookieName(port)}=${id}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
}

export function clearedSessionCookie(port: number | undefined): string {
  return `${sessionCookieName(port)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
