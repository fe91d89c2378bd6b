// PUT and DELETE of an object: the calendar app's version read as one event (calendar-object.ts),
// turned into the write the import makes of a file's event (import-plan.ts writeOf), and handed to
// the event operations — writeEvent (the contract's schema, the data's rules, the caller's
// permission) and trashOrDeleteEvent (to the trash, as the REST API's DELETE) — in one write
// transaction that also checks the ETag the client sent: either all of it happens or nothing.
//
// An update writes only what the client changed: its version and the current one are both read
// by the same reader and compared field by field, so what a calendar app cannot show (the HTML of
// a description, tags, the venue's own fields) survives a round trip through it untouched.
import type { Store } from '../db/store.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import { writeEvent, type EventWriteInput } from '../operations/events/writes.ts';
import { assertMayEdit, trashOrDeleteEvent } from '../operations/events/access.ts';
import { writeOf } from '../calendar-files/import-plan.ts';
import type { ImportedEvent } from '../calendar-files/imported-event.ts';
import { DavError, calDavCondition } from './errors.ts';
import { checkConditions } from './conditions.ts';
import { objectUid, readObject, type ReadObject } from './calendar-object.ts';
import { defaultName, findObject, type CalendarScope, type DavObject } from './scope.ts';
import { objectHref } from './paths.ts';
import { escapeXml } from './xml.ts';

export interface WriteConditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** The object a name stands for, when the caller may see it. */
function existingObject(scope: CalendarScope, store: Store, name: string): { object?: DavObject; post?: PostRow } {
  const object = findObject(scope, store, name);
  return object ? { object, post: store.posts.get(scope.site.id, object.id) } : {};
}

/** The event a UID names in this site, beside the one being written: a UID belongs to one object. */
function holderOfUid(scope: CalendarScope, store: Store, uid: string): number | undefined {
  const siteId = scope.site.id;
  const imported = store.importUids.postOf(siteId, uid);
  const own = /^(\d+)-(.+)@almanac$/.exec(uid);
  const id = imported ?? (own && own[2] === scope.objects.calendarKey ? Number(own[1]) : undefined);
  if (id === undefined) return undefined;
  const post = store.posts.get(siteId, id);
  return post && post.type === 'event' && post.status !== 'trash' ? id : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The write a PUT amounts to: the import's, with the links the object kept, and only what changed. */
export function writeInputOf(
  scope: CalendarScope,
  store: Store,
  read: ReadObject,
  current: { object: DavObject } | undefined,
): EventWriteInput {
  const input = writeOf(read.event, !current);
  const siteId = scope.site.id;
  const linked = (id: number, type: 'venue' | 'organizer') => {
    const post = store.posts.get(siteId, id);
    return post !== undefined && post.type === type && post.status !== 'trash';
  };
  const { refs } = read;
  // LOCATION as Almanac wrote it: the venue it was written from, by id.
  if (refs.venue && refs.location === refs.venue.location && linked(refs.venue.id, 'venue'))
    input.venue = refs.venue.id;
  input.organizer = read.event.organizers.map((organizer, index) => {
    const address = organizer.email ? `mailto:${organizer.email.toLowerCase()}` : undefined;
    const ref = refs.organizers.find((r) => (address ? r.address === address : r.name === organizer.name));
    return ref && linked(ref.id, 'organizer') ? ref.id : (input.organizer as unknown[])[index];
  }) as EventWriteInput['organizer'];
  if (!current) return input;

  // An update: keep what the client did not change. Tags and the status are not in the object.
  delete input.tags;
  delete input.status;
  const served = readObject(current.object.text, scope.site.timezone);
  const before: ImportedEvent = served.event;
  const after = read.event;
  if (before.title === after.title) delete input.title;
  if (before.description === after.description) delete input.description;
  if (
    before.start === after.start &&
    before.end === after.end &&
    before.timezone === after.timezone &&
    before.allDay === after.allDay
  ) {
    delete input.start_date;
    delete input.end_date;
    delete input.timezone;
    delete input.all_day;
  }
  if (before.website === after.website) delete input.website;
  if (before.cost === after.cost) delete input.cost;
  if (served.refs.location === refs.location) delete input.venue;
  if (same(before.organizers, after.organizers)) delete input.organizer;
  if (same(before.categories, after.categories)) delete input.categories;
  return input;
}

/** PUT: creates (201) or updates (204) the event behind `name`. */
export function putObject(
  scope: CalendarScope,
  store: Store,
  name: string,
  body: string,
  conditions: WriteConditions,
): { created: boolean; id: number } {
  return store.writing(() => {
    const { object, post } = existingObject(scope, store, name);
    checkConditions(conditions, object?.etag);
    if (!object && /^almanac-\d+\.ics$/.test(name))
      throw new DavError(403, 'Names of the form almanac-N.ics are Almanac’s own; choose another name.');
    const read = readObject(body, scope.site.timezone);
    const ctx = scope.ctx;
    if (object && post) {
      if (objectUid(object.row, scope.objects) !== read.uid) {
        throw new DavError(
          400,
          'The UID of an object cannot change (RFC 4791 §4.1).',
          calDavCondition('valid-calendar-object-resource'),
        );
      }
      const input = writeInputOf(scope, store, read, { object });
      // Nothing changed: the object stays exactly as it was (and so does its ETag).
      if (Object.keys(input).length === 0) {
        assertMayEdit(ctx, post);
        return { created: false, id: post.id };
      }
      writeEvent(ctx, input, post);
      return { created: false, id: post.id };
    }
    const holder = holderOfUid(scope, store, read.uid);
    if (holder !== undefined) {
      const other = objectHref(
        scope.login,
        scope.site.code,
        store.calDav.nameOf(scope.site.id, holder) ?? defaultName(holder),
      );
      throw new DavError(
        403,
        `Another object of this calendar has this UID: ${other}`,
        calDavCondition('no-uid-conflict'),
        `<d:href>${escapeXml(other)}</d:href>`,
      );
    }
    const id = writeEvent(ctx, writeInputOf(scope, store, read, undefined));
    store.calDav.setName(scope.site.id, id, name);
    if (read.uid !== objectUid({ id, uid: null }, scope.objects))
      store.importUids.remember(scope.site.id, read.uid, id, true);
    return { created: true, id };
  });
}

/** DELETE: the event goes to the trash, as the REST API's DELETE sends it. */
export function deleteObject(scope: CalendarScope, store: Store, name: string, conditions: WriteConditions): void {
  store.writing(() => {
    const { object, post } = existingObject(scope, store, name);
    if (!object || !post) throw new DavError(404, 'There is no such object in this calendar.');
    checkConditions(conditions, object.etag);
    assertMayEdit(scope.ctx, post);
    trashOrDeleteEvent(scope.ctx, post, false);
  });
}
