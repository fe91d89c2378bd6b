// A small XML reader for WebDAV's request bodies: one pass over the text, namespace-aware, that
// counts as it reads and stops at the first limit crossed (limits.ts) — so what a body costs to
// read is bounded by the limits, not by what the sender chose to nest or repeat. A general DOM
// parser (we used @xmldom/xmldom) took 6–20 s and 0.5–0.7 GB for a 4 MB body of 550,000 nested
// elements or 60,000 namespaces, and 0.4 s for a calendar-multiget of 20,000 hrefs; this reader
// takes milliseconds for the largest body the limits let through.
//
// It reads the XML WebDAV bodies are (XML 1.0 with namespaces): elements, attributes, character
// data and CDATA, the five predefined entities and character references; comments and processing
// instructions are skipped. A DOCTYPE is refused outright: no WebDAV body has one, and entity
// declarations are how XML bodies blow up. What is not well-formed is refused with 400.
import { DavError } from './errors.ts';

export interface XmlElement {
  /** The namespace URI ('' when none). */
  ns: string;
  /** The local name. */
  name: string;
  /** Attributes without a prefix by local name; prefixed ones as `{ns}name`. */
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** The character data directly inside (text and CDATA, not the children's). */
  text: string;
}

/** What one body may hold; the numbers and why are in docs/RELIABILITY.md (limits.ts). */
export interface XmlLimits {
  maxElements: number;
  maxDepth: number;
  /** Namespace declarations (xmlns, xmlns:p) in the whole body. */
  maxNamespaces: number;
  /** Characters of an element's or attribute's qualified name. */
  maxNameLength: number;
  /** Characters of a namespace URI. */
  maxNamespaceLength: number;
  maxAttributes: number;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

const malformed = (message: string) => new DavError(400, `The XML body cannot be read: ${message}`);
const tooLarge = (message: string) => new DavError(413, `The XML body is larger than this service reads: ${message}`);

/** Namespace bindings in scope: a prefix's URI, or the parent's scope. */
interface Scope {
  prefixes: Map<string, string> | undefined;
  parent: Scope | undefined;
}

function lookUp(scope: Scope | undefined, prefix: string): string | undefined {
  for (let s = scope; s; s = s.parent) {
    const uri = s.prefixes?.get(prefix);
    if (uri !== undefined) return uri;
  }
  if (prefix === 'xml') return XML_NS;
  return prefix === '' ? '' : undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its entity and character references replaced; `<` is not allowed in it. */
function decode(raw: string, where: string): string {
  if (raw.indexOf('&') === -1) return raw;
  return raw.replace(/&([^;&<\s]{0,10});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw malformed(`an "&" in ${where} does not start a reference (write &amp;).`);
    const predefined = ENTITIES[name];
    if (predefined !== undefined) return predefined;
    const code = /^#x([0-9a-f]{1,6})$/i.exec(name)
      ? parseInt(name.slice(2), 16)
      : /^#([0-9]{1,7})$/.exec(name)
        ? parseInt(name.slice(1), 10)
        : NaN;
    if (!Number.isInteger(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      throw malformed(`&${name.slice(0, 20)}; in ${where} is not a reference XML defines (no DTD is read).`);
    return String.fromCodePoint(code);
  });
}

// A qualified name: NCName or prefix:NCName (the characters XML allows, loosely: no markup).
const NAME_START = /[A-Za-z_\u00C0-\uFFFF]/;
const NAME_CHAR = /^[A-Za-z_\u00B7-\uFFFF][\w.\-\u00B7-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*)?$/;

/** The namespace and local name of an element's or attribute's qualified name. */
function resolve(scope: Scope | undefined, name: string, isElement: boolean): { ns: string; local: string } {
  const colon = name.indexOf(':');
  if (colon === -1) return { ns: isElement ? (lookUp(scope, '') ?? '') : '', local: name };
  const prefix = name.slice(0, colon);
  const ns = lookUp(scope, prefix);
  if (ns === undefined || ns === '') throw malformed(`the prefix "${prefix}" of <${name}> is not declared.`);
  return { ns, local: name.slice(colon + 1) };
}

/** The attributes of an element that has none (shared, never changed). */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * The root element of `text`; throws a DavError: 400 when it is not well-formed XML (or has a
 * DOCTYPE), 413 when it crosses one of `limits`.
 */
export function readXml(text: string, limits: XmlLimits): XmlElement {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = text.length;
  const open: { element: XmlElement; qname: string; scope: Scope | undefined; text: string[] | undefined }[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let namespaces = 0;

  // Names already checked (a body repeats a handful of names).
  const names = new Set<string>();
  const nameAt = (from: number): number => {
    let i = from;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (isSpace(code) || code === 0x2f /* / */ || code === 0x3e /* > */ || code === 0x3d /* = */) break;
      i++;
      if (i - from > limits.maxNameLength) throw tooLarge(`a name is longer than ${limits.maxNameLength} characters.`);
    }
    const name = text.slice(from, i);
    if (names.has(name)) return i;
    if (name === '' || !NAME_START.test(name[0]!) || !NAME_CHAR.test(name))
      throw malformed(`"${name.slice(0, 40)}" at offset ${from} is not an XML name.`);
    names.add(name);
    return i;
  };
  const skipSpace = (from: number): number => {
    let i = from;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    return i;
  };
  const addText = (raw: string, decoded = false) => {
    const top = open[open.length - 1];
    if (!top) {
      if (raw.trim() !== '') throw malformed('there is text outside the root element.');
      return;
    }
    (top.text ??= []).push(decoded ? raw : decode(raw, `<${top.qname}>`));
  };

  while (at < end) {
    const lt = text.indexOf('<', at);
    if (lt === -1) {
      addText(text.slice(at));
      break;
    }
    if (lt > at) addText(text.slice(at, lt));
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      if (close === -1) throw malformed('a comment is not closed.');
      at = close + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      if (close === -1) throw malformed('a CDATA section is not closed.');
      if (open.length === 0) throw malformed('a CDATA section is outside the root element.');
      addText(text.slice(lt + 9, close), true);
      at = close + 3;
      continue;
    }
    if (text.startsWith('<!', lt)) {
      if (/^<!DOCTYPE/i.test(text.slice(lt, lt + 9))) throw new DavError(400, 'The XML body must not carry a DOCTYPE.');
      throw malformed(`"${text.slice(lt, lt + 12)}" is not markup a WebDAV body holds.`);
    }
    if (text.startsWith('<?', lt)) {
      const close = text.indexOf('?>', lt + 2);
      if (close === -1) throw malformed('a processing instruction is not closed.');
      at = close + 2;
      continue;
    }
    if (text.charCodeAt(lt + 1) === 0x2f /* </ */) {
      const nameEnd = nameAt(lt + 2);
      const qname = text.slice(lt + 2, nameEnd);
      const gt = skipSpace(nameEnd);
      if (text.charCodeAt(gt) !== 0x3e) throw malformed(`the end tag </${qname}> is not closed.`);
      const top = open.pop();
      if (!top || top.qname !== qname)
        throw malformed(`</${qname}> ends ${top ? `<${top.qname}>` : 'nothing'} (offset ${lt}).`);
      if (top.text) top.element.text = top.text.length === 1 ? top.text[0]! : top.text.join('');
      at = gt + 1;
      continue;
    }

    // A start tag.
    if (root && open.length === 0) throw malformed('there is more than one root element.');
    if (++elements > limits.maxElements) throw tooLarge(`more than ${limits.maxElements} elements.`);
    if (open.length >= limits.maxDepth) throw tooLarge(`elements nested more than ${limits.maxDepth} deep.`);
    const nameEnd = nameAt(lt + 1);
    const qname = text.slice(lt + 1, nameEnd);
    let raw: [string, string][] | undefined;
    let i = nameEnd;
    let selfClosing = false;
    for (;;) {
      const spaced = skipSpace(i);
      const code = text.charCodeAt(spaced);
      if (code === 0x3e /* > */) {
        i = spaced + 1;
        break;
      }
      if (code === 0x2f /* / */ && text.charCodeAt(spaced + 1) === 0x3e) {
        selfClosing = true;
        i = spaced + 2;
        break;
      }
      if (spaced >= end) throw malformed(`the tag <${qname}> is not closed.`);
      if (spaced === i) throw malformed(`the tag <${qname}> needs a space before each attribute.`);
      const attributeEnd = nameAt(spaced);
      const attribute = text.slice(spaced, attributeEnd);
      const equals = skipSpace(attributeEnd);
      if (text.charCodeAt(equals) !== 0x3d) throw malformed(`the attribute ${attribute} has no value.`);
      const quoteAt = skipSpace(equals + 1);
      const quote = text[quoteAt];
      if (quote !== '"' && quote !== "'") throw malformed(`the value of ${attribute} is not quoted.`);
      const close = text.indexOf(quote, quoteAt + 1);
      if (close === -1) throw malformed(`the value of ${attribute} is not closed.`);
      const value = text.slice(quoteAt + 1, close);
      if (value.includes('<')) throw malformed(`the value of ${attribute} holds a "<".`);
      if ((raw ??= []).length >= limits.maxAttributes)
        throw tooLarge(`an element has more than ${limits.maxAttributes} attributes.`);
      raw.push([attribute, decode(value, `the attribute ${attribute}`).replace(/[\t\n\r]/g, ' ')]);
      i = close + 1;
    }

    const parentScope = open.length > 0 ? open[open.length - 1]!.scope : undefined;
    let scope = parentScope;
    const plain: [string, string][] = [];
    for (const [attribute, value] of raw ?? []) {
      const declared = attribute === 'xmlns' ? '' : attribute.startsWith('xmlns:') ? attribute.slice(6) : undefined;
      if (declared === undefined) {
        plain.push([attribute, value]);
        continue;
      }
      if (++namespaces > limits.maxNamespaces)
        throw tooLarge(`more than ${limits.maxNamespaces} namespace declarations.`);
      if (value.length > limits.maxNamespaceLength)
        throw tooLarge(`a namespace is longer than ${limits.maxNamespaceLength} characters.`);
      if (declared !== '' && value === '') throw malformed(`the prefix ${declared} is declared empty.`);
      if (declared === 'xmlns' || value === XMLNS_NS || (declared === 'xml') !== (value === XML_NS))
        throw malformed(`the declaration ${attribute}="${value}" is reserved.`);
      if (scope === parentScope) scope = { prefixes: new Map(), parent: parentScope };
      if (scope!.prefixes!.has(declared)) throw malformed(`${attribute} is declared twice on <${qname}>.`);
      scope!.prefixes!.set(declared, value);
    }

    const { ns, local } = resolve(scope, qname, true);
    let attributes: Map<string, string> | undefined;
    for (const [attribute, value] of plain) {
      const resolved = resolve(scope, attribute, false);
      const key = resolved.ns === '' ? resolved.local : `{${resolved.ns}}${resolved.local}`;
      attributes ??= new Map();
      if (attributes.has(key)) throw malformed(`the attribute ${attribute} appears twice on <${qname}>.`);
      attributes.set(key, value);
    }
    const element: XmlElement = { ns, name: local, attributes: attributes ?? NO_ATTRIBUTES, children: [], text: '' };
    const parent = open[open.length - 1];
    if (parent) parent.element.children.push(element);
    else root = element;
    if (!selfClosing) open.push({ element, qname, scope, text: undefined });
    at = i;
  }
  if (open.length > 0) throw malformed(`<${open[open.length - 1]!.qname}> is not closed.`);
  if (!root) throw malformed('there is no root element.');
  return root;
}
