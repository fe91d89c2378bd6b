// REPORTs on a calendar: calendar-query (RFC 4791 §7.8: a time range, with or without expand),
// calendar-multiget (RFC 4791 §7.9: the objects of a list of hrefs) and sync-collection (RFC 6578: what
// changed since a sync token, from the change log). Each answer is a 207 streamed as it is made,
// one snapshot of the data from its first line to its last.
import type { Store } from '../db/store.ts';
import type { DavUser } from './auth.ts';
import { DavError, davCondition } from './errors.ts';
import {
  MULTISTATUS_OPEN,
  MultistatusWriter,
  namesIn,
  propResponse,
  statusResponse,
  streamResponses,
  type PropRequest,
} from './multistatus.ts';
import { objectProps } from './properties.ts';
import { passesPropFilters, parseQueryFilter, timeRangeOf } from './query-filter.ts';
import { inSnapshot, type CalendarScope, type ObjectRef, type SnapshotReader } from './scope.ts';
import { refKey } from '../db/repositories/caldav.ts';
import { changedSince, parseSyncToken, syncTokenOf } from './sync-token.ts';
import type { RenderOptions } from './calendar-object.ts';
import { CALDAV, DAV, child, children, d, escapeXml, is, textOf, type XmlElement as Element } from './xml.ts';
import { MAX_MULTIGET_HREFS } from './limits.ts';
import { objectHref, parseDavPath } from './paths.ts';

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

function responseOf(user: DavUser, scope: CalendarScope, store: Store, props: ReportProps) {
  return (object: Parameters<typeof objectProps>[2]) =>
    propResponse(object.href, objectProps(user, scope, object, store), props.request);
}

/** The chunks `out` has gathered once `xml` is added (none, or one). */
function* added(out: MultistatusWriter, xml: string): Generator<string> {
  const chunk = out.add(xml);
  if (chunk !== undefined) yield chunk;
}

async function* calendarQuery(store: Store, user: DavUser, scope: CalendarScope, root: Element, budget?: number) {
  const props = reportProps(root);
  const filter = parseQueryFilter(child(root, CALDAV, 'filter'));
  const respond = responseOf(user, scope, store, props);
  const out = new MultistatusWriter(scope.href, budget);
  yield* added(out, MULTISTATUS_OPEN);
  if (!filter.matchNothing) {
    yield* inSnapshot(store, scope, async function* (reader) {
      async function* matching() {
        for await (const batch of reader.objects({ range: filter.range }, props.render))
          yield batch.filter((object) => object.tooLarge || passesPropFilters(filter, object.text));
      }
      yield* streamResponses(out, matching(), respond);
    });
  }
  yield out.close();
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

async function* calendarMultiget(store: Store, user: DavUser, scope: CalendarScope, root: Element, budget?: number) {
  const props = reportProps(root);
  // Each href once (RFC 4791 §7.9 asks for the resources named, not for copies): one named
  // 10,000 times is answered once, as are two spellings of one object's href.
  const hrefs = [
    ...new Set(
      children(root)
        .filter((e) => is(e, DAV, 'href'))
        .map((e) => textOf(e).trim()),
    ),
  ];
  if (hrefs.length > MAX_MULTIGET_HREFS)
    throw new DavError(413, `A multiget may name at most ${MAX_MULTIGET_HREFS} objects.`);
  const respond = responseOf(user, scope, store, props);
  const out = new MultistatusWriter(scope.href, budget);
  yield* added(out, MULTISTATUS_OPEN);
  yield* inSnapshot(store, scope, async function* (reader) {
    const wanted = new Map<string, { ref: ObjectRef; href: string }>(); // by refKey, the href as the client wrote it
    const missing: string[] = [];
    for (let at = 0; at < hrefs.length; at++) {
      const href = hrefs[at]!;
      const name = nameInCalendar(scope, href);
      const ref = name === undefined ? undefined : reader.refOf(name);
      if (ref === undefined) missing.push(href);
      else if (!wanted.has(refKey(ref))) wanted.set(refKey(ref), { ref, href });
      // 20,000 lookups are ~100 ms: a turn of the loop (the worker's other jobs) every 500.
      if (at % 500 === 499) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const refs = [...wanted.values()].map((entry) => entry.ref);
    async function* found() {
      for (let at = 0; at < refs.length; at += 500) {
        for await (const batch of reader.objects({ refs: refs.slice(at, at + 500) }, props.render)) {
          for (const object of batch) wanted.delete(refKey(object.ref));
          yield batch;
        }
      }
    }
    yield* streamResponses(out, found(), respond);
    for (const href of [...missing, ...[...wanted.values()].map((entry) => entry.href)]) {
      if (out.full) break;
      yield* added(out, statusResponse(href, 404));
    }
  });
  yield out.close();
}

async function* syncCollection(store: Store, user: DavUser, scope: CalendarScope, root: Element, budget?: number) {
  const levelElement = child(root, DAV, 'sync-level');
  const level = levelElement ? textOf(levelElement).trim() : '';
  if (level !== '' && level !== '1' && level !== 'infinite')
    throw new DavError(400, 'DAV:sync-level is 1 (a calendar holds no collections).');
  const tokenElement = child(root, DAV, 'sync-token');
  const given = tokenElement ? textOf(tokenElement).trim() : '';
  const since = parseSyncToken(given);
  const props = reportProps(root);
  const respond = responseOf(user, scope, store, props);
  const out = new MultistatusWriter(scope.href, budget);
  yield* inSnapshot(store, scope, async function* (reader: SnapshotReader) {
    const latest = reader.changes.latest();
    const changed = since === undefined ? undefined : changedSince(since, scope.site.id, reader);
    yield* added(out, MULTISTATUS_OPEN);
    if (!changed) {
      yield* streamResponses(out, reader.objects({}), respond);
    } else {
      const { refs } = changed;
      const hrefOf = (ref: ObjectRef) => objectHref(scope.login, scope.site.code, reader.nameOf(ref));
      for (let at = 0; at < refs.length && !out.full; at += 500) {
        const slice = refs.slice(at, at + 500);
        const seen = new Set<string>();
        async function* found() {
          for await (const batch of reader.objects({ refs: slice })) {
            for (const object of batch) seen.add(refKey(object.ref));
            yield batch;
          }
        }
        yield* streamResponses(out, found(), respond);
        // Changed and no longer visible (trashed, deleted, unpublished): gone for this client.
        for (const ref of slice)
          if (!seen.has(refKey(ref)) && !out.full) yield* added(out, statusResponse(hrefOf(ref), 404));
      }
      // Events now part of a series made since: their own objects are gone.
      for (const id of changed.folded)
        if (!out.full) yield* added(out, statusResponse(hrefOf({ kind: 'event', id }), 404));
    }
    // Cut short, the answer gives back the token it was asked from (none: start again), so the
    // client loses nothing it was not sent.
    yield out.close(d('sync-token', escapeXml(out.truncated ? given : syncTokenOf(latest))));
  });
}

/** The report `root` asks for, as the chunks of its 207 answer. */
export function report(
  store: Store,
  user: DavUser,
  scope: CalendarScope,
  root: Element,
  /** Characters the answer may hold (MultistatusWriter). */
  budget?: number,
): AsyncGenerator<string> {
  if (is(root, CALDAV, 'calendar-query')) return calendarQuery(store, user, scope, root, budget);
  if (is(root, CALDAV, 'calendar-multiget')) return calendarMultiget(store, user, scope, root, budget);
  if (is(root, DAV, 'sync-collection')) return syncCollection(store, user, scope, root, budget);
  throw new DavError(403, `The report ${root.name} is not supported here.`, davCondition('supported-report'));
}
