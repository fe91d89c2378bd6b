// Text → HTML the way WordPress's the_content/the_excerpt present it: paragraphs in <p>,
// single line breaks as <br />. Stored text stays as written; this runs on output only.
import sanitize from 'sanitize-html';
import { can, type Actor } from './roles.ts';

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

/**
 * WordPress's kses rule: only editors and administrators (unfiltered_html) may store arbitrary
 * HTML. Everyone else gets titles without tags and content limited to safe formatting — no
 * scripts, event handlers or javascript: URLs — so a contributor cannot plant script in what
 * others will view.
 */
export function filterHtml(actor: Actor | null, text: string, kind: 'title' | 'content'): string {
  if (can.editOthers(actor)) return text;
  if (kind === 'title') return sanitize(text, { allowedTags: [], allowedAttributes: {} });
  return sanitize(text, {
    allowedTags: [...sanitize.defaults.allowedTags, 'img', 'del', 'ins', 'sup', 'sub'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
}

/**
 * A term name as WordPress stores and returns it (its pre_term_name filters: sanitize_text_field,
 * then _wp_specialchars without double encoding): tags removed, `&`, `<` and `>` escaped, an
 * entity already written (`&amp;`, `&#8211;`) kept. So "Sports & Games" and "Sports &amp; Games"
 * are the same name, and clients that compare names with WordPress's get the same text.
 */
export function termName(text: string): string {
  return text
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '') // wp_strip_all_tags drops these with their content
    .replace(/<\/?[a-z!][^>]*>/gi, '') // a tag starts with a letter, / or ! ("1 < 2" is text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&(?!(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
