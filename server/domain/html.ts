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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};

/** Decodes the entities WordPress writes (named ones above, decimal and hex). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * HTML as plain text, for places that take no markup (an iCalendar DESCRIPTION): blocks become
 * paragraphs, <br> a line break, list items bullets, links keep their address; tags removed.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r\n?/g, '\n')
      .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
      .replace(/\n/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<a\b[^>]*\bhref\s*=\s*"(https?:[^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
        label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
      )
      .replace(/<\/(p|div|h[1-6]|ul|ol|table|blockquote|pre|section|article|tr)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
