// Web addresses as people type them: "zoom.us/j/123" is https://zoom.us/j/123 (the service takes
// only full URLs). Pure: unit-tested in test/renderer/.

/** `url` with https:// added when it is an address that only lacks its scheme. */
export function withScheme(url: string): string {
  const text = url.trim();
  if (text === '' || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(text)) return text;
  if (text.startsWith('//')) return `https:${text}`;
  // A host with a dot (or localhost), maybe a port, then anything.
  return /^(localhost|[^\s/]+\.[^\s/]+)(:\d+)?([/?#]\S*)?$/i.test(text) ? `https://${text}` : text;
}
