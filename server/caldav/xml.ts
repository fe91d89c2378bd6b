// WebDAV's XML, both ways. Reading goes through @xmldom/xmldom, a namespace-aware DOM parser:
// CalDAV names everything by namespace (`DAV:`, `urn:ietf:params:xml:ns:caldav`, Apple's and
// calendarserver's), and clients choose their own prefixes (`D:`, `A:`, a default namespace), so
// a parser that only strips or keeps prefixes (fast-xml-parser) cannot tell `DAV:displayname`
// from another `displayname`. A DOCTYPE is refused outright: no CalDAV body has one, and entity
// declarations are how XML bodies blow up. Writing is a few string functions: our answers use a
// fixed vocabulary, and a multistatus of 10,000 objects is built faster as text than as a tree.
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { DavError } from './errors.ts';

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

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

export function parseXml(text: string): Element {
  if (/<!DOCTYPE/i.test(text)) throw new DavError(400, 'The XML body must not carry a DOCTYPE.');
  let problem: string | undefined;
  const parser = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') problem ??= message;
    },
  });
  let root: Element | null = null;
  try {
    root = parser.parseFromString(text, 'application/xml').documentElement;
  } catch (error) {
    problem ??= error instanceof Error ? error.message : String(error);
  }
  if (problem !== undefined || !root) {
    throw new DavError(400, `The XML body cannot be read: ${(problem ?? 'no root element').split('\n')[0]}`);
  }
  return root;
}

export function is(node: Node | null | undefined, ns: string, name: string): boolean {
  return (
    !!node && node.nodeType === ELEMENT && (node as Element).namespaceURI === ns && (node as Element).localName === name
  );
}

/** The element children of `element`. */
export function children(element: Element): Element[] {
  const result: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling)
    if (node.nodeType === ELEMENT) result.push(node as Element);
  return result;
}

export function child(element: Element, ns: string, name: string): Element | undefined {
  return children(element).find((c) => is(c, ns, name));
}

export function qnameOf(element: Element): QName {
  return { ns: element.namespaceURI ?? '', name: element.localName ?? element.nodeName };
}

/** The text inside an element (its text and CDATA children). */
export function textOf(element: Element): string {
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling)
    if (node.nodeType === TEXT || node.nodeType === CDATA) text += node.nodeValue ?? '';
  return text;
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
};
