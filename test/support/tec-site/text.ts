// How WordPress turns stored text into what `tribe/events/v1` sends: titles through `the_title`
// (wptexturize, convert_chars, trim), descriptions through `the_content` (blocks, wptexturize, wpautop,
// convert_chars), excerpts through `the_excerpt`, URLs through esc_html, term names escaped when they are
// saved. These are re-implementations of WordPress 6.8's rules (src/wp-includes/formatting.php), so that a
// sync partner meets the same `St Mary&#8217;s` and `<p>…</p>` a real site sends.

const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';
const APOS_FLAG = '<!--apos-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const OPEN_Q_FLAG = '<!--oq-->';
const PRIME_FLAG = '<!--wp-prime-or-quote-->';

const STATIC: [string, string][] = [
  ['...', '&#8230;'],
  ['``', '&#8220;'],
  ["''", '&#8221;'],
  [' (tm)', ' &#8482;'],
  ...["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"].map(
    (word): [string, string] => [word, word.replaceAll("'", '&#8217;')],
  ),
];

const AFTER_QUOTE = `(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`;
const APOS_RULES: [RegExp, string][] = [
  [new RegExp(`'(\\d\\d)'${AFTER_QUOTE}`, 'g'), `${APOS_FLAG}$1&#8217;`],
  [new RegExp(`'(\\d\\d)"${AFTER_QUOTE}`, 'g'), `${APOS_FLAG}$1&#8221;`],
  [/'(?=\d\d(?:$|(?![%\d]|[.,]\d)))/g, APOS_FLAG],
  [new RegExp(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1&#8217;`],
  [new RegExp(`(?<=^|[(\\[{"\\-]|&lt;|${SPACES})'`, 'g'), OPEN_SQ_FLAG],
  [new RegExp(`(?<!${SPACES})'(?!$|[.,:;!?"'(){}\\[\\]\\-]|&[lg]t;|${SPACES})`, 'g'), APOS_FLAG],
];
const QUOTE_RULES: [RegExp, string][] = [
  [new RegExp(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1&#8221;`],
  [new RegExp(`(?<=^|[(\\[{\\-]|&lt;|${SPACES})"(?!${SPACES})`, 'g'), OPEN_Q_FLAG],
];
const DASH_RULES: [RegExp, string][] = [
  [/---/g, '&#8212;'],
  [new RegExp(`(?<=^|${SPACES})--(?=$|${SPACES})`, 'g'), '&#8212;'],
  [/(?<!xn)--/g, '&#8211;'],
  [new RegExp(`(?<=^|${SPACES})-(?=$|${SPACES})`, 'g'), '&#8211;'],
];
const LONE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;
const NO_TEXTURIZE = new Set(['pre', 'code', 'kbd', 'style', 'script', 'tt']);
const HTML_SPLIT = /(<!--[\s\S]*?(?:-->|$)|<[^>]*>?)/;

function applyRules(text: string, rules: [RegExp, string][]): string {
  return rules.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** Curly quotes, apostrophes, primes, dashes, ellipses, ×, and `&` → `&#038;` outside tags. */
export function wptexturize(text: string): string {
  if (!text) return text;
  const stack: string[] = [];
  return text
    .split(HTML_SPLIT)
    .map((part) => {
      if (part === '') return part;
      if (part.startsWith('<')) {
        if (part.startsWith('<!--')) return part;
        const element = part.replace(LONE_AMPERSAND, '&#038;');
        const closing = element[1] === '/';
        const name = element
          .slice(closing ? 2 : 1)
          .split(/[\s>/]/)[0]!
          .toLowerCase();
        if (NO_TEXTURIZE.has(name)) {
          if (!closing) stack.push(name);
          else if (stack.at(-1) === name) stack.pop();
        }
        return element;
      }
      if (part.trim() === '' || stack.length > 0) return part;
      return texturizeText(part);
    })
    .join('');
}

function texturizeText(input: string): string {
  let text = input;
  for (const [from, to] of STATIC) text = text.replaceAll(from, to);
  if (text.includes("'")) {
    text = applyRules(text, APOS_RULES);
    text = primes(text, "'", '&#8242;', OPEN_SQ_FLAG, '&#8217;');
    text = text.replaceAll(APOS_FLAG, '&#8217;').replaceAll(OPEN_SQ_FLAG, '&#8216;');
  }
  if (text.includes('"')) {
    text = applyRules(text, QUOTE_RULES);
    text = primes(text, '"', '&#8243;', OPEN_Q_FLAG, '&#8221;');
    text = text.replaceAll(OPEN_Q_FLAG, '&#8220;');
  }
  if (text.includes('-')) text = applyRules(text, DASH_RULES);
  if (/(?<=\d)x\d/.test(text)) text = text.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return text.replace(LONE_AMPERSAND, '&#038;');
}

/** WordPress's wptexturize_primes(): decides, per quoted sentence, which quotes close it and which are primes. */
function primes(haystack: string, needle: "'" | '"', prime: string, openQuote: string, closeQuote: string): string {
  const quotePattern = new RegExp(`${needle}${AFTER_QUOTE}`, 'g');
  const primePattern = new RegExp(`(?<=\\d)${needle}`, 'g');
  return haystack
    .split(openQuote)
    .map((input, index) => {
      let sentence = input;
      if (!sentence.includes(needle)) return sentence;
      if (index !== 0 && !sentence.includes(closeQuote)) {
        const count = sentence.match(quotePattern)?.length ?? 0;
        sentence = sentence.replace(quotePattern, PRIME_FLAG);
        if (count > 1) {
          let replaced = 0;
          sentence = sentence.replace(new RegExp(`(?<!\\d)${PRIME_FLAG}`, 'g'), () => {
            replaced++;
            return closeQuote;
          });
          if (replaced === 0) {
            const withPeriod = sentence.lastIndexOf(`${PRIME_FLAG}.`);
            const pos = withPeriod >= 0 ? withPeriod : sentence.lastIndexOf(PRIME_FLAG);
            sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + PRIME_FLAG.length);
          }
          sentence = sentence.replace(primePattern, prime);
          sentence = sentence.replace(new RegExp(`(?<=\\d)${PRIME_FLAG}`, 'g'), prime);
          sentence = sentence.replaceAll(PRIME_FLAG, closeQuote);
        } else if (count === 1) {
          sentence = sentence.replaceAll(PRIME_FLAG, closeQuote).replace(primePattern, prime);
        } else {
          sentence = sentence.replace(primePattern, prime);
        }
      } else {
        sentence = sentence.replace(primePattern, prime).replace(quotePattern, closeQuote);
      }
      if (needle === '"') sentence = sentence.replaceAll('"', closeQuote);
      return sentence;
    })
    .join(openQuote);
}

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/** Double line breaks → paragraphs, single ones → `<br />`, block elements left unwrapped. */
export function wpautop(input: string, br = true): string {
  if (input.trim() === '') return '';
  let text = `${input}\n`;
  const preTags = new Map<string, string>();
  if (text.includes('<pre')) {
    const parts = text.split('</pre>');
    const last = parts.pop()!;
    text = '';
    parts.forEach((part, i) => {
      const start = part.indexOf('<pre');
      if (start < 0) {
        text += part;
        return;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.set(name, `${part.slice(start)}</pre>`);
      text += part.slice(0, start) + name;
    });
    text += last;
  }
  text = text.replace(/<br\s*\/?>\s*<br\s*\/?>/g, '\n\n');
  text = text.replace(new RegExp(`(<${ALL_BLOCKS}[\\s/>])`, 'g'), '\n\n$1');
  text = text.replace(new RegExp(`(</${ALL_BLOCKS}>)`, 'g'), '$1\n\n');
  text = text.replace(/(<hr\s*?\/?>)/g, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = replaceInHtmlTags(text, '\n', ' <!-- wpnl --> ');
  if (text.includes('<option')) text = text.replace(/\s*<option/g, '<option').replace(/<\/option>\s*/g, '</option>');
  if (text.includes('</object>')) {
    text = text.replace(/(<object[^>]*>)\s*/g, '$1').replace(/\s*<\/object>/g, '</object>');
    text = text.replace(/\s*(<\/?(?:param|embed)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(/([<[](?:audio|video)[^>\]]*[>\]])\s*/g, '$1');
    text = text.replace(/\s*([<[]\/(?:audio|video)[>\]])/g, '$1');
    text = text.replace(/\s*(<(?:source|track)[^>]*>)\s*/g, '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(/\s*(<figcaption[^>]*>)/g, '$1').replace(/<\/figcaption>\s*/g, '</figcaption>');
  }
  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p !== '');
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');
  text = text.replace(/<p>\s*<\/p>/g, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text
    .replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>')
    .replaceAll('</blockquote></p>', '</p></blockquote>');
  text = text.replace(new RegExp(`<p>\\s*(</?${ALL_BLOCKS}[^>]*>)`, 'g'), '$1');
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*</p>`, 'g'), '$1');
  if (br) {
    text = text.replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, (m) => m.replaceAll('\n', '<WPPreserveNewline />'));
    text = text.replace(/<br>|<br\/>/g, '<br />');
    text = text.replace(/(?<!<br \/>)\s*\n/g, '<br />\n');
    text = text.replaceAll('<WPPreserveNewline />', '\n');
  }
  text = text.replace(new RegExp(`(</?${ALL_BLOCKS}[^>]*>)\\s*<br />`, 'g'), '$1');
  text = text.replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/g, '$1');
  text = text.replace(/\n<\/p>$/, '</p>');
  for (const [name, original] of preTags) text = text.replace(name, original);
  if (text.includes('<!-- wpnl -->')) text = text.replaceAll(' <!-- wpnl --> ', '\n').replaceAll('<!-- wpnl -->', '\n');
  return text;
}

function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  return haystack
    .split(HTML_SPLIT)
    .map((part, i) => (i % 2 === 1 ? part.replaceAll(needle, replacement) : part))
    .join('');
}

function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

function capitalPDangit(text: string): string {
  return text.replace(/(?<=^|[\s>(]|&#8216;|&#8220;)Wordpress/g, 'WordPress');
}

/** Rendering is pure and the same texts are read again and again: remember the last few thousand. */
function memo(render: (raw: string) => string): (raw: string) => string {
  const cache = new Map<string, string>();
  return (raw) => {
    let out = cache.get(raw);
    if (out === undefined) {
      if (cache.size >= 5000) cache.clear();
      out = render(raw);
      cache.set(raw, out);
    }
    return out;
  };
}

/** `the_title`: what v1 sends as an event's `title`, a venue's `venue`, an organizer's `organizer`. */
export const renderTitle = memo((raw) => capitalPDangit(convertChars(wptexturize(raw)).trim()));

/** `the_content`, trimmed as TEC does: what v1 sends as `description`. Block markup skips wpautop. */
export const renderContent = memo(contentOf);

function contentOf(raw: string): string {
  const hasBlocks = raw.includes('<!-- wp:');
  let text = hasBlocks ? raw.replace(/<!-- \/?wp:[\s\S]*?-->/g, '') : raw;
  text = wptexturize(text);
  if (!hasBlocks) text = wpautop(text);
  text = capitalPDangit(convertChars(text));
  return text.replaceAll(']]>', ']]&gt;').trim();
}

/** `the_excerpt` of the stored excerpt (TEC does not generate one): what v1 sends as `excerpt`. */
export const renderExcerpt = memo((raw) => wpautop(convertChars(wptexturize(raw))).trim());

/** wp_trim_excerpt(): core's `excerpt.rendered` when no excerpt is stored — 55 words of the content. */
export const generatedExcerpt = memo(excerptFromContent);

function excerptFromContent(content: string): string {
  const plain = content
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = plain.split(/[\n\r\t ]+/).filter(Boolean);
  const text = words.length > 55 ? `${words.slice(0, 55).join(' ')} [&hellip;]` : words.join(' ');
  return text === '' ? '' : `${wpautop(convertChars(wptexturize(text))).trim()}\n`;
}

/** esc_html(): `&`, `<`, `>`, `"`, `'` as entities, existing entities left alone. */
export function escHtml(text: string): string {
  return text
    .replace(LONE_AMPERSAND, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#039;');
}

/**
 * A term name as WordPress saves it (`pre_term_name`: sanitize_text_field, kses, then `&`, `<`, `>` as
 * entities). The stored name is already encoded, so every route — v1 and core — sends `Music &amp; Jazz`.
 */
export function sanitizeTermName(raw: string): string {
  const text = raw
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .replace(/%[a-f0-9]{2}/gi, '')
    .trim();
  return text.replace(LONE_AMPERSAND, '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** sanitize_text_field() for plain meta (venue city, organizer phone…). */
export function sanitizeTextField(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();
}

/** tec_sanitize_string(): TEC's cleaning of string event meta (cost, timezone): entities decoded, tags stripped. */
export function tecSanitizeString(raw: string): string {
  return decodeEntities(raw).replace(/<[^>]*>/g, '');
}

export function decodeEntities(text: string): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    hellip: '…',
  };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return named[code.toLowerCase()] ?? whole;
  });
}

/** sanitize_title(): a slug from a title — accents removed, lower case, entities and punctuation dropped. */
export function sanitizeTitle(raw: string): string {
  let slug = raw
    .replace(/<[^>]*>/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/&.+?;/g, '')
    .replaceAll('.', '-');
  slug = Array.from(slug)
    .map((ch) => (ch.charCodeAt(0) > 127 ? encodeURIComponent(ch).toLowerCase() : ch))
    .join('');
  return slug
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** PHP's FILTER_SANITIZE_URL: removes every character not allowed in a URL. */
export function sanitizeUrl(raw: string): string {
  return raw.replace(/[^a-zA-Z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]/g, '');
}
