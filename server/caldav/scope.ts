// One calendar as one caller sees it: the site, the caller's role there (an OperationContext, as
// every operation takes), the names of its objects, and the objects themselves read through the
// export's query (event-export.ts) and rendered by calendar-object.ts. Whole-calendar reads run on
// a read connection of their own, in one snapshot, a batch at a time with the event loop free in
// between (as the export does), so a phone's first sync of 10,000 events never stalls the window.
import type { Db } from '../db/open.ts';
import { openReadConnection } from '../db/open.ts';
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import { can } from '../domain/roles.ts';
import { exportRows, type ExportRow } from '../db/repositories/event-export.ts';
import { calDavRepository, type CalDavVisibility } from '../db/repositories/caldav.ts';
import { changesRepository } from '../db/repositories/changes.ts';
import type { OperationContext } from '../operations/context.ts';
import { calendarKey } from '../app-api/exchange/export-reply.ts';
import { etagOf, renderObject, type ObjectContext, type RenderOptions } from './calendar-object.ts';
import { calendarHref, objectHref } from './paths.ts';

export interface CalendarScope {
  ctx: OperationContext & { actor: Actor };
  site: Site;
  /** The login in the calendar's URL (the caller's own). */
  login: string;
  href: string;
  objects: ObjectContext;
  visibility: CalDavVisibility;
}

export interface DavObject {
  id: number;
  name: string;
  href: string;
  row: ExportRow;
  text: string;
  etag: string;
}

/** The name of an event no calendar app named: what a client never picks for its own objects. */
export const defaultName = (id: number) => `almanac-${id}.ics`;
const DEFAULT_NAME = /^almanac-(\d+)\.ics$/;

export function calendarScope(
  store: Store,
  site: Site,
  actor: Actor,
  login: string,
  pageOrigin: string,
): CalendarScope {
  const path = site.code === 'default' ? '' : `/${site.code}`;
  return {
    ctx: { store, site, actor },
    site,
    login,
    href: calendarHref(login, site.code),
    objects: { calendarKey: calendarKey({ store, site, actor }), baseUrl: `${pageOrigin}${path}` },
    visibility: {
      siteId: site.id,
      publishedOnly: !can.createPosts(actor),
      ownerOnly: can.editOthers(actor) ? null : actor.userId,
    },
  };
}

/** Whether the caller may change or delete this event (the object's own privileges). */
export function mayEdit(scope: CalendarScope, author: number, status: string): boolean {
  return can.editPost(scope.ctx.actor, { author, status });
}

/** The event a name stands for in this calendar (it may be gone or not visible: read it to know). */
export function eventIdOfName(store: Store, siteId: number, name: string): number | undefined {
  const named = store.calDav.postOfName(siteId, name);
  if (named !== undefined) return named;
  const id = defaultNameId(name);
  // An event a client named is served under that name only.
  return id !== undefined && store.calDav.nameOf(siteId, id) === undefined ? id : undefined;
}

function defaultNameId(name: string): number | undefined {
  const match = DEFAULT_NAME.exec(name);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

export function toObject(scope: CalendarScope, row: ExportRow, name: string, options?: RenderOptions): DavObject {
  const text = renderObject(row, scope.objects, options);
  // The ETag is always the plain rendering's, whatever form calendar-data is asked in.
  const etag = options?.expandToUtc ? etagOf(renderObject(row, scope.objects)) : etagOf(text);
  return { id: row.id, name, href: objectHref(scope.login, scope.site.code, name), row, text, etag };
}

/** One visible event as an object, read on `store`'s own connection (inside the caller's transaction). */
export function readOneObject(scope: CalendarScope, store: Store, id: number): DavObject | undefined {
  const selection = store.calDav.selection(scope.visibility, { ids: [id] });
  for (const batch of exportRows(store.db, scope.site.id, selection, 'storage')) {
    const row = batch[0];
    if (row) return toObject(scope, row, store.calDav.nameOf(scope.site.id, id) ?? defaultName(id));
  }
  return undefined;
}

/** Objects rendered between two turns of the event loop. */
const RENDER_SLICE = 100;

/** The object a name stands for, when the caller may see it. */
export function findObject(scope: CalendarScope, store: Store, name: string): DavObject | undefined {
  const id = eventIdOfName(store, scope.site.id, name);
  return id === undefined ? undefined : readOneObject(scope, store, id);
}

export interface SnapshotReader {
  db: Db;
  calDav: ReturnType<typeof calDavRepository>;
  changes: ReturnType<typeof changesRepository>;
  names: Map<number, string>;
  nameOf(id: number): string;
  /** The event a name stands for (as eventIdOfName, from the names read once). */
  idOf(name: string): number | undefined;
  /** The visible events matching `filter`, as objects, a batch at a time, the event loop free in between. */
  objects(
    filter: Parameters<ReturnType<typeof calDavRepository>['selection']>[1],
    options?: RenderOptions,
  ): AsyncGenerator<DavObject[]>;
}

/**
 * Runs `read` on a read connection of its own, inside one read transaction (one snapshot, however
 * long the client takes to receive the answer).
 */
export async function* inSnapshot<T>(
  store: Store,
  scope: CalendarScope,
  read: (reader: SnapshotReader) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const db = openReadConnection(store.db.name);
  try {
    db.exec('BEGIN');
    const calDav = calDavRepository(db);
    const changes = changesRepository(db);
    const names = calDav.names(scope.site.id);
    const nameOf = (id: number) => names.get(id) ?? defaultName(id);
    const byName = new Map([...names].map(([id, name]) => [name, id]));
    const reader: SnapshotReader = {
      db,
      calDav,
      changes,
      names,
      nameOf,
      idOf(name) {
        const named = byName.get(name);
        if (named !== undefined) return named;
        const id = defaultNameId(name);
        return id !== undefined && !names.has(id) ? id : undefined;
      },
      async *objects(filter, options) {
        const selection = calDav.selection(scope.visibility, filter);
        for (const batch of exportRows(db, scope.site.id, selection, 'storage')) {
          // A few milliseconds of rendering at a time: the event loop stays free for the window.
          for (let at = 0; at < batch.length; at += RENDER_SLICE) {
            yield batch.slice(at, at + RENDER_SLICE).map((row) => toObject(scope, row, nameOf(row.id), options));
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        }
      },
    };
    yield* read(reader);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
