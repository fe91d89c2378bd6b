// 207 Multi-Status answers (RFC 4918 §13): what a PROPFIND or REPORT asked for, per resource, as
// propstat groups by status. A resource's properties are a table of getters, computed only when
// asked for (calendar-data costs a rendering; getetag a hash).
import { DavError } from './errors.ts';
import { ANSWER_CHUNK_BYTES, MAX_ANSWER_BYTES } from './limits.ts';
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
  type XmlElement,
} from './xml.ts';

export type PropTable = Map<string, { name: QName; value: () => string }>;

/** Thrown by a property's getter when its value is larger than is sent: answered 507 in its propstat. */
export class PropertyTooLarge extends Error {}

export function propTable(entries: [QName, () => string][]): PropTable {
  return new Map(entries.map(([name, value]) => [clark(name), { name, value }]));
}

/** What a PROPFIND (or a report's DAV:prop) asks for. */
export type PropRequest = { kind: 'prop'; names: QName[] } | { kind: 'allprop' } | { kind: 'propname' };

/** Properties allprop leaves out: what costs a rendering (RFC 4791 §9.6: calendar-data is never in allprop). */
const NOT_IN_ALLPROP = new Set(['{urn:ietf:params:xml:ns:caldav}calendar-data']);

/** The DAV:prop / allprop / propname of a PROPFIND body (an empty body is allprop, RFC 4918 §9.1). */
export function propRequestOf(root: XmlElement | undefined): PropRequest {
  if (!root) return { kind: 'allprop' };
  if (!is(root, DAV, 'propfind')) throw new DavError(400, 'A PROPFIND body is a DAV:propfind element.');
  const prop = child(root, DAV, 'prop');
  if (prop) return { kind: 'prop', names: namesIn(prop) };
  if (child(root, DAV, 'propname')) return { kind: 'propname' };
  if (child(root, DAV, 'allprop')) return { kind: 'allprop' };
  throw new DavError(400, 'DAV:propfind holds DAV:prop, DAV:allprop or DAV:propname.');
}

/**
 * The property names a DAV:prop asks for, each once: a name asked for twice is answered once
 * (RFC 4918 §9.1 asks for each property's value, not for copies — 7,500 copies of calendar-data
 * made a 475 MB answer of one object).
 */
export function namesIn(prop: XmlElement): QName[] {
  const names = new Map<string, QName>();
  for (const e of children(prop)) {
    const name = { ns: e.ns, name: e.name };
    const key = clark(name);
    if (!names.has(key)) names.set(key, name);
  }
  return [...names.values()];
}

function propstat(status: number, props: string): string {
  return d('propstat', d('prop', props) + d('status', statusLine(status)));
}

/** One DAV:response with the properties asked for: found ones under 200, the others under 404. */
export function propResponse(href: string, table: PropTable, request: PropRequest): string {
  let found = '';
  let missing = '';
  let tooLarge = '';
  const add = (name: QName, value: () => string) => {
    try {
      found += element(name, value());
    } catch (error) {
      if (!(error instanceof PropertyTooLarge)) throw error;
      tooLarge += element(name);
    }
  };
  if (request.kind === 'propname') {
    for (const { name } of table.values()) found += element(name);
  } else if (request.kind === 'allprop') {
    for (const [key, { name, value }] of table) if (!NOT_IN_ALLPROP.has(key)) add(name, value);
  } else {
    for (const name of request.names) {
      const entry = table.get(clark(name));
      if (entry) add(name, entry.value);
      else missing += element(name);
    }
  }
  let groups = '';
  if (found !== '' || (missing === '' && tooLarge === '')) groups += propstat(200, found);
  if (missing !== '') groups += propstat(404, missing);
  if (tooLarge !== '') groups += propstat(507, tooLarge);
  return d('response', d('href', escapeXml(href)) + groups);
}

/** A DAV:response that is only a status (a resource gone, or not found by a multiget). */
export function statusResponse(href: string, status: number): string {
  return d('response', d('href', escapeXml(href)) + d('status', statusLine(status)));
}

export const MULTISTATUS_OPEN = `${XML_HEAD}<d:multistatus${ROOT_NAMESPACES}>`;
export const MULTISTATUS_CLOSE = '</d:multistatus>\n';

/**
 * A 207 as it streams: its responses gathered into chunks of about ANSWER_CHUNK_BYTES (no string
 * grows with the answer), and the answer cut short once it would pass `budget` characters — then
 * it ends, well-formed, with a 507 for the request-URI and DAV:number-of-matches-within-limits, as
 * RFC 6578 §3.7 truncates a result (a client asks for less, or asks again from what it got).
 */
export class MultistatusWriter {
  private parts: string[] = [];
  private buffered = 0;
  private written = 0;
  /** Set once a response did not fit: the answer ends short. */
  truncated = false;

  constructor(
    private readonly requestHref: string,
    private readonly budget = MAX_ANSWER_BYTES,
    private readonly chunkSize = ANSWER_CHUNK_BYTES,
  ) {}

  /** Whether the answer is cut short: nothing more is added. */
  get full(): boolean {
    return this.truncated;
  }

  /** Adds XML to the answer; a chunk to send when enough has gathered. */
  add(xml: string): string | undefined {
    if (this.truncated) return undefined;
    if (this.written + this.buffered + xml.length > this.budget) {
      this.truncated = true;
      return this.take();
    }
    this.parts.push(xml);
    this.buffered += xml.length;
    return this.buffered >= this.chunkSize ? this.take() : undefined;
  }

  /** What is gathered and not sent, and the end of the answer (`tail` before the closing tag). */
  close(tail = ''): string {
    const rest = this.take() ?? '';
    const cut = this.truncated
      ? d(
          'response',
          d('href', escapeXml(this.requestHref)) +
            d('status', statusLine(507)) +
            d('error', d('number-of-matches-within-limits')) +
            d('responsedescription', 'The answer is larger than this service sends at once; ask for less.'),
        )
      : '';
    return rest + cut + tail + MULTISTATUS_CLOSE;
  }

  private take(): string | undefined {
    if (this.parts.length === 0) return undefined;
    const chunk = this.parts.join('');
    this.written += chunk.length;
    this.parts = [];
    this.buffered = 0;
    return chunk;
  }
}

/** The responses made of `batches`' items, through `out`; reading stops once the answer is full. */
export async function* streamResponses<T>(
  out: MultistatusWriter,
  batches: AsyncIterable<T[]>,
  respond: (item: T) => string,
): AsyncGenerator<string> {
  for await (const batch of batches) {
    for (const item of batch) {
      const chunk = out.add(respond(item));
      if (chunk !== undefined) yield chunk;
      if (out.full) return;
    }
  }
}
