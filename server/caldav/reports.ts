// REPORTs on a calendar: calendar-query (RFC 4791 §7.8: a time range, with or without expand),
// calendar-multiget (RFC 4791 §7.9: the objects of a list of hrefs) and sync-collection (RFC 6578: what
// changed since a sync token, from the change log). Each answer is a 207 streamed as it is made,
// one snapshot of the data from its first line to its last.
import type { Element } from '@xmldom/xmldom';
import type { Store } from '../db/store.ts';
import type { DavUser } from './auth.ts';
import { DavError, davCondition } from './errors.ts';
import {
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  namesIn,
  propResponse,
  statusResponse,
  type PropRequest,
} from './multistatus.ts';
import { objectProps } from './properties.ts';
import { passesPropFilters, parseQueryFilter, timeRangeOf } from './query-filter.ts';
import { inSnapshot, type CalendarScope, type ObjectRef, type SnapshotReader } from './scope.ts';
import { refKey } from '../db/repositories/caldav.ts';
import { changedSince, parseSyncToken, syncTokenOf } from './sync-token.ts';
import type { RenderOptions } from './calendar-object.ts';
import { CALDAV, DAV, child, children, d, escapeXml, is, textOf } from './xml.ts';
import { objectHref, parseDavPath } from './paths.ts';

/** Hrefs one multiget may name (a client syncing 10,000 events asks in batches far below this). */
const MAX_HREFS = 20_000;

interface ReportProps {
  request: PropRequest;
  render: RenderOptions;
}

/** The DAV:prop of a report, and what its CALDAV:calendar-data asks of the objects' form. */
function reportProps(root: Element): ReportProps {
  const prop = child(root, DAV, 'prop');
  if (!prop) {
    if (child(root, DAV, 'propname')) return { request: { kind: 'propname' }, render: {} };
    return { request: { kind: 'allprop' }, render: {} };
  }
  const render: RenderOptions = {};
  const data = child(prop, CALDAV, 'calendar-data');
  const expand = data && child(data, CALDAV, 'expand');
  // A malformed range is a 400; RFC 4791 §9.6.5 asks for both ends, a missing one is open.
  if (expand) render.expand = timeRangeOf(expand);
  return { request: { kind: 'prop', names: namesIn(prop) }, render };
}

function responsesOf(user: DavUser, scope: CalendarScope, store: Store, props: ReportProps) {
  return (objects: Parameters<typeof objectProps>[2][]) =>
    objects.map((object) => propResponse(object.href, objectProps(user, scope, object, store), props.request)).join('');
}

async function* calendarQuery(store: Store, user: DavUser, scope: CalendarScope, root: Element) {
  const props = reportProps(root);
  const filter = parseQueryFilter(child(root, CALDAV, 'filter'));
  const respond = responsesOf(user, scope, store, props);
  yield MULTISTATUS_OPEN;
  if (!filter.matchNothing) {
    yield* inSnapshot(store, scope, async function* (reader) {
      for await (const batch of reader.objects({ range: filter.range }, props.render))
        yield respond(batch.filter((object) => passesPropFilters(filter, object.text)));
    });
  }
  yield MULTISTATUS_CLOSE;
}

/** The object name an href names in this calendar (undefined: not one of its objects). */
function nameInCalendar(scope: CalendarScope, href: string): string | undefined {
  try {
    const path = parseDavPath(new URL(href, 'http://calendar.invalid').pathname);
    return path.kind === 'object' &&
      path.site === scope.site.code &&
      path.login.toLowerCase() === scope.login.toLowerCase()
      ? path.name
      : undefined;
  } catch {
    return undefined;
  }
}

async function* calendarMultiget(store: Store, user: DavUser, scope: CalendarScope, root: Element) {
  const props = reportProps(root);
  const hrefs = children(root)
    .filter((e) => is(e, DAV, 'href'))
    .map((e) => textOf(e).trim());
  if (hrefs.length > MAX_HREFS) throw new DavError(413, `A multiget may name at most ${MAX_HREFS} objects.`);
  const respond = responsesOf(user, scope, store, props);
  yield MULTISTATUS_OPEN;
  yield* inSnapshot(store, scope, async function* (reader) {
    const wanted = new Map<string, { ref: ObjectRef; href: string }>(); // by refKey, the href as the client wrote it
    const missing: string[] = [];
    for (const href of hrefs) {
      const name = nameInCalendar(scope, href);
      const ref = name === undefined ? undefined : reader.refOf(name);
      if (ref === undefined) missing.push(href);
      else wanted.set(refKey(ref), { ref, href });
    }
    const refs = [...wanted.values()].map((entry) => entry.ref);
    for (let at = 0; at < refs.length; at += 500) {
      for await (const batch of reader.objects({ refs: refs.slice(at, at + 500) }, props.render)) {
        for (const object of batch) wanted.delete(refKey(object.ref));
        yield respond(batch);
      }
    }
    yield [...missing, ...[...wanted.values()].map((entry) => entry.href)]
      .map((href) => statusResponse(href, 404))
      .join('');
  });
  yield MULTISTATUS_CLOSE;
}

async function* syncCollection(store: Store, user: DavUser, scope: CalendarScope, root: Element) {
  const levelElement = child(root, DAV, 'sync-level');
  const level = levelElement ? textOf(levelElement).trim() : '';
  if (level !== '' && level !== '1' && level !== 'infinite')
    throw new DavError(400, 'DAV:sync-level is 1 (a calendar holds no collections).');
  const tokenElement = child(root, DAV, 'sync-token');
  const since = parseSyncToken(tokenElement ? textOf(tokenElement) : '');
  const props = reportProps(root);
  const respond = responsesOf(user, scope, store, props);
  yield* inSnapshot(store, scope, async function* (reader: SnapshotReader) {
    const latest = reader.changes.latest();
    const changed = since === undefined ? undefined : changedSince(since, scope.site.id, reader);
    yield MULTISTATUS_OPEN;
    if (!changed) {
      for await (const batch of reader.objects({})) yield respond(batch);
    } else {
      const { refs } = changed;
      const hrefOf = (ref: ObjectRef) => objectHref(scope.login, scope.site.code, reader.nameOf(ref));
      for (let at = 0; at < refs.length; at += 500) {
        const slice = refs.slice(at, at + 500);
        const seen = new Set<string>();
        for await (const batch of reader.objects({ refs: slice })) {
          for (const object of batch) seen.add(refKey(object.ref));
          yield respond(batch);
        }
        // Changed and no longer visible (trashed, deleted, unpublished): gone for this client.
        yield slice
          .filter((ref) => !seen.has(refKey(ref)))
          .map((ref) => statusResponse(hrefOf(ref), 404))
          .join('');
      }
      // Events now part of a series made since: their own objects are gone.
      yield changed.folded.map((id) => statusResponse(hrefOf({ kind: 'event', id }), 404)).join('');
    }
    yield d('sync-token', escapeXml(syncTokenOf(latest))) + MULTISTATUS_CLOSE;
  });
}

/** The report `root` asks for, as the chunks of its 207 answer. */
export function report(store: Store, user: DavUser, scope: CalendarScope, root: Element): AsyncGenerator<string> {
  if (is(root, CALDAV, 'calendar-query')) return calendarQuery(store, user, scope, root);
  if (is(root, CALDAV, 'calendar-multiget')) return calendarMultiget(store, user, scope, root);
  if (is(root, DAV, 'sync-collection')) return syncCollection(store, user, scope, root);
  throw new DavError(403, `The report ${root.localName} is not supported here.`, davCondition('supported-report'));
}
