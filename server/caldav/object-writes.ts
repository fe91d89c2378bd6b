// PUT and DELETE of an object: the calendar app's version read (calendar-object.ts) as one event
// or as a whole series, and handed to the operations — writeEvent (the contract's schema, the
// data's rules, the caller's permission), writeSeriesDocument (series-object.ts), and to the trash
// as the REST API's DELETE sends things — in one write transaction that also checks the ETag the
// client sent: either all of it happens or nothing.
//
// An update writes only what the client changed (object-fields.ts), so what a calendar app cannot
// show (the HTML of a description, tags, the venue's own fields) survives a round trip through it.
import type { Store } from '../db/store.ts';
import type { ObjectRef } from '../db/repositories/caldav.ts';
import { writeEvent } from '../operations/events/writes.ts';
import { assertMayEdit, trashOrDeleteEvent } from '../operations/events/access.ts';
import { authorizeSeries } from '../operations/series/series-writes.ts';
import { trashSeries } from '../operations/series/series-removal.ts';
import { DavError, calDavCondition } from './errors.ts';
import { checkConditions } from './conditions.ts';
import { objectUid, readObject, type ReadObject, type ReadRecurrence } from './calendar-object.ts';
import { inputOf, updateInput } from './object-fields.ts';
import { rememberLocation } from '../calendar-files/location-texts.ts';
import { createSeriesObject, eventToSeries, seriesToEvent, updateSeriesObject } from './series-object.ts';
import {
  defaultName,
  defaultNameRef,
  findObject,
  readOneObject,
  type CalendarScope,
  type ReadDavObject,
} from './scope.ts';
import { can } from '../domain/roles.ts';
import { forbidden } from '../operations/errors.ts';
import { readClientObject } from './object-limits.ts';
import { objectHref } from './paths.ts';
import { escapeXml } from './xml.ts';

export interface WriteConditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** The event id in a UID of this calendar's own form (`N-<calendar key>@almanac`), if it has that form. */
function ownUidId(scope: CalendarScope, uid: string): number | undefined {
  const own = /^(\d+)-(.+)@almanac$/.exec(uid);
  return own && own[2] === scope.objects.calendarKey ? Number(own[1]) : undefined;
}

/** The object a UID names in this site, beside the one being written: a UID belongs to one object. */
function holderOfUid(scope: CalendarScope, store: Store, uid: string): ObjectRef | undefined {
  const siteId = scope.site.id;
  const series = store.series.byUid(siteId, uid);
  if (series && series.status === 'active') return { kind: 'series', id: series.id };
  const imported = store.importUids.postOf(siteId, uid);
  const id = imported ?? ownUidId(scope, uid);
  if (id === undefined) return undefined;
  const post = store.posts.get(siteId, id);
  if (!post || post.type !== 'event' || post.status === 'trash') return undefined;
  // An occurrence's UID is its series' (an event made a series keeps the UID it had).
  if (post.series_id !== null) return { kind: 'series', id: post.series_id };
  return { kind: 'event', id };
}

/** The UID an object carries now. */
function uidOf(scope: CalendarScope, object: ReadDavObject): string {
  const { resource } = object;
  return resource.kind === 'series' ? resource.data.series.uid : objectUid(resource.row, scope.objects);
}

const isRepeating = (read: ReadObject): read is ReadObject & { recurrence: ReadRecurrence } =>
  read.recurrence !== undefined;

/** Gives the object its client's name (and takes it from what it named before). */
function nameObject(scope: CalendarScope, store: Store, from: ObjectRef | undefined, to: ObjectRef, name: string) {
  if (from) store.calDav.removeName(scope.site.id, from);
  store.calDav.setName(scope.site.id, to, name);
}

/**
 * Whether the caller may write this object (or, undefined, create one) — asked before its text is
 * read, so a caller who may not write learns it without making the service parse what it sent.
 * The same rules the writes apply (assertMayEdit, authorizeSeries), asked early.
 */
function assertMayWrite(scope: CalendarScope, store: Store, object: ReadDavObject | undefined): void {
  const { ctx } = scope;
  if (!object) {
    if (!can.createPosts(ctx.actor)) throw forbidden(true);
    return;
  }
  const siteId = scope.site.id;
  if (object.ref.kind === 'series') {
    const series = store.series.get(siteId, object.ref.id);
    authorizeSeries(ctx, series ? store.posts.get(siteId, series.first_id) : undefined);
  } else assertMayEdit(ctx, store.posts.get(siteId, object.ref.id));
}

/** Reads the text a client PUT (object-limits.ts readClientObject): on a worker thread, or here. */
export type ClientObjectReader = (text: string, timezone: string) => Promise<ReadObject>;

const readHere: ClientObjectReader = async (text, timezone) => readClientObject(text, timezone);

/**
 * PUT: creates (201) or updates (204) the event or series behind `name`. What needs no reading of
 * the body is checked first (the role, If-Match / If-None-Match, the name, the right to write this
 * object); then the body is read — off the event loop when `reader` runs on a worker — and then,
 * in one write transaction, the same checks again (the object may have changed meanwhile) and the
 * write.
 */
export async function putObject(
  scope: CalendarScope,
  store: Store,
  name: string,
  body: string,
  conditions: WriteConditions,
  reader: ClientObjectReader = readHere,
): Promise<{ created: boolean; ref?: ObjectRef }> {
  // A role that writes nothing (a subscriber) is refused before anything is looked up or read.
  if (!can.createPosts(scope.ctx.actor)) throw forbidden(true);
  const checked = () => {
    const object = findObject(scope, store, name);
    checkConditions(conditions, object?.etag);
    if (!object && defaultNameRef(name))
      throw new DavError(403, 'Names of the form almanac-N.ics are Almanac’s own; choose another name.');
    assertMayWrite(scope, store, object);
    return object;
  };
  store.snapshot(checked);
  const read = await reader(body, scope.site.timezone);
  return store.writing(() => {
    const object = checked();
    return object ? update(scope, store, name, object, read) : create(scope, store, name, read);
  });
}

function create(scope: CalendarScope, store: Store, name: string, read: ReadObject) {
  const siteId = scope.site.id;
  const holder = holderOfUid(scope, store, read.uid);
  // Only an object the caller can see is named: one they cannot is not told of (its path, nor
  // for UIDs of Almanac's own form, that it exists — see below).
  if (holder !== undefined && readOneObject(scope, store, holder) !== undefined) {
    const other = objectHref(scope.login, scope.site.code, store.calDav.nameOf(siteId, holder) ?? defaultName(holder));
    throw new DavError(
      403,
      `Another object of this calendar has this UID: ${other}`,
      calDavCondition('no-uid-conflict'),
      `<d:href>${escapeXml(other)}</d:href>`,
    );
  }
  // Almanac made the UIDs of its form for its own events (N is the event's id): a new object may
  // not take one, used or not, so no id can be probed for a draft the caller cannot see.
  if (ownUidId(scope, read.uid) !== undefined)
    throw new DavError(
      403,
      'UIDs of the form N-…@almanac are Almanac’s own; a new object needs a UID of its own.',
      calDavCondition('no-uid-conflict'),
    );
  // A client's own UID held by an object the caller cannot see: UIDs are unique per calendar (the
  // object under it stays as it is); the answer names nothing.
  if (holder !== undefined)
    throw new DavError(403, 'This UID cannot be used in this calendar.', calDavCondition('no-uid-conflict'));
  if (read.cancelled)
    throw new DavError(
      403,
      'This event is cancelled (STATUS:CANCELLED): there is nothing to add.',
      calDavCondition('valid-calendar-object-resource'),
    );
  if (isRepeating(read)) {
    const ref: ObjectRef = { kind: 'series', id: createSeriesObject(scope, store, read) };
    rememberSeriesLocation(scope, store, ref.id, read);
    nameObject(scope, store, undefined, ref, name);
    return { created: true, ref };
  }
  const id = writeEvent(scope.ctx, inputOf(scope, store, read, true));
  rememberLocation(scope.ctx, [id], read.refs.location);
  const ref: ObjectRef = { kind: 'event', id };
  nameObject(scope, store, undefined, ref, name);
  if (read.uid !== objectUid({ id, uid: null }, scope.objects)) store.importUids.remember(siteId, read.uid, id, true);
  return { created: true, ref };
}

function update(scope: CalendarScope, store: Store, name: string, object: ReadDavObject, read: ReadObject) {
  const ctx = scope.ctx;
  const siteId = scope.site.id;
  if (uidOf(scope, object) !== read.uid) {
    throw new DavError(
      400,
      'The UID of an object cannot change (RFC 4791 §4.1).',
      calDavCondition('valid-calendar-object-resource'),
    );
  }
  const { ref } = object;
  if (ref.kind === 'series') {
    const series = store.series.get(siteId, ref.id)!;
    // A cancelled series is a deleted one (to the trash, whence it comes back whole).
    if (read.cancelled) {
      authorizeSeries(ctx, store.posts.get(siteId, series.first_id));
      trashSeries(ctx, series);
      return { created: false, ref };
    }
    if (!isRepeating(read)) {
      const id = seriesToEvent(scope, store, object, read);
      nameObject(scope, store, ref, { kind: 'event', id }, name);
      return { created: false, ref: { kind: 'event' as const, id } };
    }
    updateSeriesObject(scope, store, object, read);
    rememberSeriesLocation(scope, store, ref.id, read);
    return { created: false, ref };
  }
  const post = store.posts.get(siteId, ref.id)!;
  // A cancelled event goes to the trash, as a DELETE sends it (Almanac keeps no cancelled events).
  if (read.cancelled) {
    assertMayEdit(ctx, post);
    trashOrDeleteEvent(ctx, post, false);
    return { created: false, ref };
  }
  if (isRepeating(read)) {
    const series: ObjectRef = { kind: 'series', id: eventToSeries(scope, store, object, post, read) };
    rememberSeriesLocation(scope, store, series.id, read);
    nameObject(scope, store, ref, series, name);
    return { created: false, ref: series };
  }
  const input = updateInput(scope, store, readObject(object.text, scope.site.timezone), read);
  // Nothing changed: the object stays exactly as it was (and so does its ETag).
  if (Object.keys(input).length === 0) assertMayEdit(ctx, post);
  else writeEvent(ctx, input, post);
  // A new LOCATION: kept as written, beside the venue made or found for it.
  if ('venue' in input) rememberLocation(ctx, [post.id], read.refs.location);
  return { created: false, ref };
}

/** The series' LOCATION (its master's) as written, for its occurrences (see location-texts.ts). */
function rememberSeriesLocation(scope: CalendarScope, store: Store, seriesId: number, read: ReadObject): void {
  const occurrences = store.series.occurrences(scope.site.id, seriesId).filter((row) => row.status !== 'trash');
  rememberLocation(
    scope.ctx,
    occurrences.map((row) => row.id),
    read.refs.location,
  );
}

/** DELETE: the event, or the whole series, goes to the trash, as the REST API's DELETE sends it. */
export function deleteObject(scope: CalendarScope, store: Store, name: string, conditions: WriteConditions): void {
  store.writing(() => {
    const object = findObject(scope, store, name);
    if (!object) throw new DavError(404, 'There is no such object in this calendar.');
    checkConditions(conditions, object.etag);
    const siteId = scope.site.id;
    if (object.ref.kind === 'series') {
      const series = store.series.get(siteId, object.ref.id)!;
      authorizeSeries(scope.ctx, store.posts.get(siteId, series.first_id));
      trashSeries(scope.ctx, series);
      return;
    }
    const post = store.posts.get(siteId, object.ref.id)!;
    assertMayEdit(scope.ctx, post);
    trashOrDeleteEvent(scope.ctx, post, false);
  });
}
