// Excerpts come back from the service wrapped in paragraphs, as WordPress's autop writes them
// (server/domain/html.ts, applied by the event presenter): `<p>Short teaser…<br />\nSecond line.</p>`.
// The editors show and edit the text that was written, so they read it back here. Pure: unit-tested.

/** The excerpt as the text that was written (the inverse of autop); other HTML is left as it is. */
export function excerptText(html: string): string {
  const text = html.trim();
  if (!text.startsWith('<p>') || !text.endsWith('</p>')) return text;
  return text
    .slice(3, -4)
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<br\s*\/?>\n?/g, '\n');
}
