// RFC 5545's text rules for what we write: TEXT values escaped (§3.3.11), content lines folded
// at 75 octets (RFC 5545 §3.1) — never inside a UTF-8 sequence, which would corrupt the character for
// strict readers — and every line ended with CRLF.

const NEEDS_ESCAPE = /[\\;,\n\r]/;

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\r\n?/g, '\n').replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** A parameter value (CN="…"): quoted when it holds `:;,`; quotes themselves are not allowed. */
export function paramValue(value: string): string {
  const clean = value.replace(/["\r\n]/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** One content line, folded: at most 75 octets per physical line, CRLF after each. */
export function contentLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return `${line}\r\n`;
  let out = '';
  let start = 0;
  let size = 0;
  // The first physical line holds 75 octets; continuations start with a space, so 74 more each.
  let limit = 75;
  let at = 0;
  while (at < line.length) {
    const code = line.charCodeAt(at);
    // UTF-8 octets of this character; a surrogate pair (one character, two code units) is four.
    const pair = code >= 0xd800 && code <= 0xdbff;
    const bytes = pair ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (size + bytes > limit) {
      out += `${line.slice(start, at)}\r\n `;
      start = at;
      size = 0;
      limit = 74;
    }
    size += bytes;
    at += pair ? 2 : 1;
  }
  return `${out}${line.slice(start)}\r\n`;
}

/** `20260105T090000` from a wall time `2026-01-05 09:00:00` (or `…T…`). */
export function compactDateTime(wall: string): string {
  return `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}T${wall.slice(11, 13)}${wall.slice(14, 16)}${wall.slice(17, 19)}`;
}

/** `20260105` from `2026-01-05…`. */
export function compactDate(wall: string): string {
  return `${wall.slice(0, 4)}${wall.slice(5, 7)}${wall.slice(8, 10)}`;
}
