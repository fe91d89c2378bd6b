// What one CalDAV request may make the service read, build or send. Each number is a few times
// what real clients send (python3-caldav, vdirsyncer, Thunderbird, DAVx5, Apple's apps), and each
// is checked before the work it bounds; docs/RELIABILITY.md lists them with the reasons.
import type { XmlLimits } from './xml-reader.ts';

/** A PROPFIND or PROPPATCH body: clients send 0.2–3 KB (Apple's home PROPFIND: ~40 properties). */
export const PROPERTY_BODY_BYTES = 64 * 1024;
/**
 * A REPORT body: a calendar-multiget names hrefs (vdirsyncer names every changed one in one request:
 * a first sync of 20,000 objects is ~1.6 MB); queries and sync-collection are a few hundred bytes.
 */
export const REPORT_BODY_BYTES = 4 * 1024 * 1024;
/** Hrefs one multiget may name (a client syncing 10,000 events asks in one batch or in many far below this). */
export const MAX_MULTIGET_HREFS = 20_000;

const common = {
  // propertyupdate > set > prop > property > value: 5; calendar-query > filter > comp-filter >
  // comp-filter > prop-filter > param-filter > text-match: 7.
  maxDepth: 16,
  // Clients declare 2–6 (DAV:, CalDAV, calendarserver, Apple's iCal, a default).
  maxNamespaces: 32,
  // `C:supported-calendar-component-set` is 34; namespaces are ~30 (http://calendarserver.org/ns/).
  maxNameLength: 128,
  maxNamespaceLength: 256,
  // A text-match has three (collation, negate-condition, match-type).
  maxAttributes: 16,
} satisfies Partial<XmlLimits>;

/** PROPFIND and PROPPATCH: properties by the hundred at most. */
export const PROPERTY_XML: XmlLimits = { ...common, maxElements: 1_000 };
/** REPORT: a multiget's hrefs, and its prop and filter around them. */
export const REPORT_XML: XmlLimits = { ...common, maxElements: MAX_MULTIGET_HREFS + 1_000 };

/** Request bodies by method: XML ones as above, objects up to MAX_RESOURCE_SIZE, nothing else has one. */
export const NO_BODY_BYTES = 64 * 1024;

/**
 * Bytes one multistatus answer may hold before it is cut short with a 507 for the request-URI
 * (RFC 6578 §3.7's truncation, DAV:number-of-matches-within-limits). Answers are streamed, so this
 * bounds time and traffic, not memory: 256 MiB is ~170,000 objects with their calendar data, more
 * than the largest calendar we measure (100,000 events).
 */
export const MAX_ANSWER_BYTES = 256 * 1024 * 1024;
/** A chunk of a streamed answer: what the event loop holds of it at once, per request. */
export const ANSWER_CHUNK_BYTES = 256 * 1024;
/**
 * One object's expanded form (CALDAV:expand): its instances each repeat the event's text, so a
 * long daily series with a large description would expand to gigabytes (and is built whole, then
 * escaped: ~4× its size in memory). Beyond this its calendar-data is answered 507 in its propstat,
 * the client asking for a shorter range: a year of a daily series of 2 KB events is 0.7 MB.
 */
export const MAX_EXPANDED_BYTES = 4 * 1024 * 1024;
