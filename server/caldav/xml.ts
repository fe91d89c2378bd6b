// WebDAV's XML, both ways. Reading goes through xml-reader.ts, a bounded namespace-aware reader:
// CalDAV names everything by namespace (`DAV:`, `urn:ietf:params:xml:ns:caldav`, Apple's and
// calendarserver's), and clients choose their own prefixes (`D:`, `A:`, a default namespace), so
// a parser that only strips or keeps prefixes (fast-xml-parser) cannot tell `DAV:displayname`
// from another `displayname`. Writing is a few string functions: our answers use a fixed
// vocabulary, and a multistatus of 10,000 objects is built faster as text than as a tree.
import { readXml, type XmlElement, type XmlLimits } from './xml-reader.ts';

export type { XmlElement };

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';
export const CALENDARSERVER = 'http://calendarserver.org/ns/';
export const APPLE_ICAL = 'http://apple.com/ns/ical/';

/** A property or element name: namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

/** `{ns}name`, the usual way to key a namespaced name. */
export const clark = (q: QName) => `{${q.ns}}${q.name}`;

const PREFIXES: Record<string, string> = { [DAV]: 'd', [CALDAV]: 'c', [CALENDARSERVER]: 'cs', [APPLE_ICAL]: 'ical' };

/** The namespace declarations of every answer's root element. */
export const ROOT_NAMESPACES = Object.entries(PREFIXES)
  .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
  .join('');

/** The root element of a request body, read within `limits` (400 malformed, 413 beyond a limit). */
export function parseXml(text: string, limits: XmlLimits): XmlElement {
  return readXml(text, limits);
}

export function is(node: XmlElement | undefined, ns: string, name: string): boolean {
  return !!node && node.ns === ns && node.name === name;
}

/** The element children of `element`. */
export function children(element: XmlElement): XmlElement[] {
  return element.children;
}

export function child(element: XmlElement, ns: string, name: string): XmlElement | undefined {
  return element.children.find((c) => is(c, ns, name));
}

export function qnameOf(element: XmlElement): QName {
  return { ns: element.ns, name: element.name };
}

/** The text inside an element (its text and CDATA children). */
export function textOf(element: XmlElement): string {
  return element.text;
}

/** An attribute without a namespace (null when absent). */
export function attributeOf(element: XmlElement, name: string): string | null {
  return element.attributes.get(name) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Writing

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

/** `<prefix:name>` for our namespaces; an element of any other declares its own. */
function open(q: QName, selfClosing: boolean): { start: string; end: string } {
  const prefix = PREFIXES[q.ns];
  const tag = prefix ? `${prefix}:${q.name}` : `x:${q.name}`;
  const declare = prefix ? '' : ` xmlns:x="${escapeXml(q.ns)}"`;
  return selfClosing ? { start: `<${tag}${declare}/>`, end: '' } : { start: `<${tag}${declare}>`, end: `</${tag}>` };
}

/** An element with XML content `inner` (already escaped), or empty. */
export function element(q: QName, inner = ''): string {
  if (inner === '') return open(q, true).start;
  const { start, end } = open(q, false);
  return `${start}${inner}${end}`;
}

export const d = (name: string, inner = '') => element({ ns: DAV, name }, inner);
export const c = (name: string, inner = '') => element({ ns: CALDAV, name }, inner);

export const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Status'}`;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  424: 'Failed Dependency',
  507: 'Insufficient Storage',
};
