// 207 Multi-Status answers (RFC 4918 §13): what a PROPFIND or REPORT asked for, per resource, as
// propstat groups by status. A resource's properties are a table of getters, computed only when
// asked for (calendar-data costs a rendering; getetag a hash).
import type { Element } from '@xmldom/xmldom';
import { DavError } from './errors.ts';
import {
  DAV,
  ROOT_NAMESPACES,
  XML_HEAD,
  child,
  children,
  clark,
  d,
  element,
  escapeXml,
  is,
  statusLine,
  type QName,
} from './xml.ts';

export type PropTable = Map<string, { name: QName; value: () => string }>;

export function propTable(entries: [QName, () => string][]): PropTable {
  return new Map(entries.map(([name, value]) => [clark(name), { name, value }]));
}

/** What a PROPFIND (or a report's DAV:prop) asks for. */
export type PropRequest = { kind: 'prop'; names: QName[] } | { kind: 'allprop' } | { kind: 'propname' };

/** Properties allprop leaves out: what costs a rendering (RFC 4791 §9.6: calendar-data is never in allprop). */
const NOT_IN_ALLPROP = new Set(['{urn:ietf:params:xml:ns:caldav}calendar-data']);

/** The DAV:prop / allprop / propname of a PROPFIND body (an empty body is allprop, RFC 4918 §9.1). */
export function propRequestOf(root: Element | undefined): PropRequest {
  if (!root) return { kind: 'allprop' };
  if (!is(root, DAV, 'propfind')) throw new DavError(400, 'A PROPFIND body is a DAV:propfind element.');
  const prop = child(root, DAV, 'prop');
  if (prop) return { kind: 'prop', names: namesIn(prop) };
  if (child(root, DAV, 'propname')) return { kind: 'propname' };
  if (child(root, DAV, 'allprop')) return { kind: 'allprop' };
  throw new DavError(400, 'DAV:propfind holds DAV:prop, DAV:allprop or DAV:propname.');
}

export function namesIn(prop: Element): QName[] {
  return children(prop).map((e) => ({ ns: e.namespaceURI ?? '', name: e.localName ?? e.nodeName }));
}

function propstat(status: number, props: string): string {
  return d('propstat', d('prop', props) + d('status', statusLine(status)));
}

/** One DAV:response with the properties asked for: found ones under 200, the others under 404. */
export function propResponse(href: string, table: PropTable, request: PropRequest): string {
  let found = '';
  let missing = '';
  if (request.kind === 'propname') {
    for (const { name } of table.values()) found += element(name);
  } else if (request.kind === 'allprop') {
    for (const [key, { name, value }] of table) if (!NOT_IN_ALLPROP.has(key)) found += element(name, value());
  } else {
    for (const name of request.names) {
      const entry = table.get(clark(name));
      if (entry) found += element(name, entry.value());
      else missing += element(name);
    }
  }
  let groups = '';
  if (found !== '' || missing === '') groups += propstat(200, found);
  if (missing !== '') groups += propstat(404, missing);
  return d('response', d('href', escapeXml(href)) + groups);
}

/** A DAV:response that is only a status (a resource gone, or not found by a multiget). */
export function statusResponse(href: string, status: number): string {
  return d('response', d('href', escapeXml(href)) + d('status', statusLine(status)));
}

export const MULTISTATUS_OPEN = `${XML_HEAD}<d:multistatus${ROOT_NAMESPACES}>`;
export const MULTISTATUS_CLOSE = '</d:multistatus>\n';
