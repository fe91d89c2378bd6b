// Text → HTML the way WordPress's the_content/the_excerpt present it: paragraphs in <p>,
// single line breaks as <br />. Stored text stays as written; this runs on output only.

const BLOCK_START = /^\s*<(p|div|h[1-6]|ul|ol|li|table|blockquote|pre|figure|section|article|hr|form|dl)\b/i;

export function autop(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return trimmed
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br />\n')}</p>`))
    .join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!,
  );
}
