// The live properties of each kind of resource: what tells a calendar app where things are
// (RFC 5397 current-user-principal, RFC 4791 calendar-home-set), what a calendar holds and allows
// (supported-calendar-component-set, supported-report-set, current-user-privilege-set — read-only
// for roles that cannot write), and how to tell it changed (getctag, sync-token, getetag).
import { DateTime } from 'luxon';
import type { Store } from '../db/store.ts';
import { can } from '../domain/roles.ts';
import { decodeEntities } from '../domain/html.ts';
import { vtimezone } from '../calendar-files/ics-export/vtimezone.ts';
import type { DavUser } from './auth.ts';
import type { CalendarScope, DavObject } from './scope.ts';
import { mayEdit } from './scope.ts';
import { PropertyTooLarge, propTable, type PropTable } from './multistatus.ts';
import { syncTokenOf } from './sync-token.ts';
import { APPLE_ICAL, CALDAV, CALENDARSERVER, DAV, c, d, escapeXml, type QName } from './xml.ts';
import { ROOT, homeHref, principalHref } from './paths.ts';

/** Largest object a PUT may send (CALDAV:max-resource-size). */
export const MAX_RESOURCE_SIZE = 1024 * 1024;
/** The colour a calendar has until its user picks one (Almanac's accent). */
export const DEFAULT_COLOR = '#2F6FDBFF';

const dav = (name: string): QName => ({ ns: DAV, name });
const cal = (name: string): QName => ({ ns: CALDAV, name });
const href = (path: string) => d('href', escapeXml(path));

/**
 * The escaped calendar-data of the few large objects served last (issue 37). A PROPFIND Depth 0
 * of a 60 KB object is answered from the rendered objects, but escaping its text for the XML was
 * still ~2.5 ms of the event loop per request — the largest part of one: a caller sending them
 * back to back (each waits its turn, none waits long) kept the event loop busy and the victim
 * of the hostile run waited 160–270 ms (p50) for each request meanwhile. Keyed by the text: an
 * object changed is another text. Small objects escape in microseconds and are not kept.
 */
const ESCAPED_FROM_BYTES = 8 * 1024;
const ESCAPED_TO_BYTES = 1024 * 1024;
const ESCAPED_KEPT = 4;
const escapedTexts = new Map<string, string>();
/** Large calendar-data texts escaped so far (tests count them). */
export const calendarDataEscapes = { count: 0 };

function escapedCalendarData(text: string): string {
  if (text.length < ESCAPED_FROM_BYTES || text.length > ESCAPED_TO_BYTES) return escapeXml(text);
  const kept = escapedTexts.get(text);
  if (kept !== undefined) {
    escapedTexts.delete(text); // re-inserted: the most recently used comes last
    escapedTexts.set(text, kept);
    return kept;
  }
  calendarDataEscapes.count++;
  const escaped = escapeXml(text);
  escapedTexts.set(text, escaped);
  if (escapedTexts.size > ESCAPED_KEPT) escapedTexts.delete(escapedTexts.keys().next().value!);
  return escaped;
}

function privileges(names: string[]): string {
  return names.map((name) => d('privilege', d(name))).join('');
}

const READ = ['read', 'read-current-user-privilege-set'];
// write-properties for everyone: PROPPATCH of a calendar's name and colour is each user's own.
const READ_AND_PROPERTIES = [...READ, 'write-properties'];
const WRITE = [...READ_AND_PROPERTIES, 'write', 'write-content', 'bind', 'unbind'];

/** What every resource says about who is asking. */
function common(user: DavUser): [QName, () => string][] {
  return [
    [dav('current-user-principal'), () => href(principalHref(user.login))],
    [dav('principal-collection-set'), () => href(`${ROOT}/principals/`)],
  ];
}

const collection = () => d('collection');

export function rootProps(user: DavUser): PropTable {
  return propTable([
    [dav('resourcetype'), collection],
    [dav('displayname'), () => 'Almanac'],
    [dav('current-user-privilege-set'), () => privileges(READ)],
    ...common(user),
  ]);
}

export function plainCollectionProps(user: DavUser): PropTable {
  return propTable([
    [dav('resourcetype'), collection],
    [dav('current-user-privilege-set'), () => privileges(READ)],
    ...common(user),
  ]);
}

export function principalProps(user: DavUser): PropTable {
  return propTable([
    [dav('resourcetype'), () => d('principal')],
    [dav('displayname'), () => escapeXml(user.displayName || user.login)],
    [dav('principal-URL'), () => href(principalHref(user.login))],
    [cal('calendar-home-set'), () => href(homeHref(user.login))],
    [cal('calendar-user-address-set'), () => href(principalHref(user.login))],
    [dav('current-user-privilege-set'), () => privileges(READ)],
    [dav('supported-report-set'), () => ''],
    ...common(user),
  ]);
}

export function homeProps(user: DavUser): PropTable {
  return propTable([
    [dav('resourcetype'), collection],
    [dav('displayname'), () => escapeXml(user.displayName || user.login)],
    [dav('owner'), () => href(principalHref(user.login))],
    [dav('current-user-privilege-set'), () => privileges(READ)],
    ...common(user),
  ]);
}

const REPORTS = [cal('calendar-query'), cal('calendar-multiget'), dav('sync-collection')];

function reportSet(): string {
  return REPORTS.map((name) => d('supported-report', d('report', name.ns === DAV ? d(name.name) : c(name.name)))).join(
    '',
  );
}

// Working a zone's transitions out takes milliseconds (vtimezone.ts samples them), and clients
// ask for the calendar's zone on most PROPFINDs: kept per zone and year.
const calendarTimezones = new Map<string, string>();

/** The site's zone as CALDAV:calendar-timezone (what floating times are read in). */
function calendarTimezone(timezone: string): string {
  const year = new Date().getUTCFullYear();
  const key = `${timezone}|${year}`;
  let value = calendarTimezones.get(key);
  if (value === undefined) {
    const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Almanac//Almanac CalDAV//EN\r\n${vtimezone(timezone, year, year + 1)}END:VCALENDAR\r\n`;
    value = escapeXml(text);
    if (calendarTimezones.size >= 100) calendarTimezones.clear();
    calendarTimezones.set(key, value);
  }
  return value;
}

/** A site's calendar; `latestSeq`: the site's newest change (CTag), `tokenSeq`: the sync token's. */
export function calendarProps(
  store: Store,
  user: DavUser,
  scope: CalendarScope,
  versions: { ctag: () => number; token: () => number },
): PropTable {
  const own = () => store.calDav.calendarProps(scope.site.id, user.id);
  const writer = can.createPosts(scope.ctx.actor);
  return propTable([
    [dav('resourcetype'), () => collection() + c('calendar')],
    [dav('displayname'), () => escapeXml(own().display_name ?? decodeEntities(scope.site.title))],
    [cal('calendar-description'), () => escapeXml(decodeEntities(scope.site.title))],
    [{ ns: APPLE_ICAL, name: 'calendar-color' }, () => escapeXml(own().color ?? DEFAULT_COLOR)],
    [cal('supported-calendar-component-set'), () => '<c:comp name="VEVENT"/>'],
    [cal('supported-calendar-data'), () => '<c:calendar-data content-type="text/calendar" version="2.0"/>'],
    [cal('max-resource-size'), () => String(MAX_RESOURCE_SIZE)],
    [cal('calendar-timezone'), () => calendarTimezone(scope.site.timezone)],
    [dav('supported-report-set'), reportSet],
    [{ ns: CALENDARSERVER, name: 'getctag' }, () => escapeXml(`"${versions.ctag()}"`)],
    [dav('sync-token'), () => escapeXml(syncTokenOf(versions.token()))],
    [dav('owner'), () => href(principalHref(user.login))],
    [dav('current-user-privilege-set'), () => privileges(writer ? WRITE : READ_AND_PROPERTIES)],
    ...common(user),
  ]);
}

const httpDate = (utcWall: string) => DateTime.fromSQL(utcWall, { zone: 'utc' }).toHTTP() ?? new Date(0).toUTCString();

export const OBJECT_CONTENT_TYPE = 'text/calendar; charset=utf-8; component=vevent';

/** An object. `author`/`status` come from its post (a series': its master occurrence) when privileges are asked for. */
export function objectProps(user: DavUser, scope: CalendarScope, object: DavObject, store: Store): PropTable {
  return propTable([
    [dav('resourcetype'), () => ''],
    [dav('getetag'), () => escapeXml(object.etag)],
    [dav('getcontenttype'), () => OBJECT_CONTENT_TYPE],
    [dav('getcontentlength'), () => String(Buffer.byteLength(object.text))],
    [dav('getlastmodified'), () => httpDate(object.modified)],
    [
      cal('calendar-data'),
      () => {
        if (object.tooLarge) throw new PropertyTooLarge();
        return escapedCalendarData(object.text);
      },
    ],
    [
      dav('current-user-privilege-set'),
      () => {
        const post = store.posts.get(scope.site.id, object.postId);
        return privileges(post && mayEdit(scope, post.author, post.status) ? WRITE : READ);
      },
    ],
    ...common(user),
  ]);
}
