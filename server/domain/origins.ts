// What a user may add to the allowed web origins: exactly an origin as browsers send it in the
// Origin header — http(s), a host, an optional port, nothing else. Never `*` or `null` (sandboxed
// frames and file pages send "null": allowing it would allow any of them).
export function normalizeOrigin(input: string): string | undefined {
  const text = input.trim().toLowerCase().replace(/\/+$/, '');
  if (!/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](?::\d{1,5})?$/.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === text || url.origin === text.replace(/:(80|443)$/, '') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
