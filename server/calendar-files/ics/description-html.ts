// Event descriptions are HTML in Almanac. iCalendar's DESCRIPTION is plain text, so it is escaped
// and its paragraphs and line breaks kept; Outlook's X-ALT-DESC;FMTTYPE=text/html already is HTML
// (the server sanitizes every description on write, so it is passed on as it is, minus its wrapper).

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] as string);
}

/** Blank-line-separated paragraphs → `<p>…</p>`, single newlines → `<br>`. */
export function plainTextToHtml(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return '';
  return normalized
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/[ \t]*\n[ \t]*/g, '<br>')}</p>`)
    .join('');
}

/**
 * The body of an HTML document, or the text itself when it is a fragment. Outlook sends a whole
 * document (DOCTYPE, HEAD with META and an empty TITLE, comments); a sanitizer keeps the text of
 * tags it drops, so the head would otherwise leak into the description.
 */
export function htmlBody(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i.exec(html);
  const inner = body ? (body[1] ?? '') : html.replace(/<!DOCTYPE[^>]*>/i, '');
  return inner.replace(/<!--[\s\S]*?-->/g, '').trim();
}
