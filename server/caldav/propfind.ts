// PROPFIND (RFC 4918 §9.1) on each kind of resource, Depth 0 or 1. A calendar's Depth 1 lists
// every object the caller may see, streamed from one snapshot (scope.ts).
import type { Store } from '../db/store.ts';
import type { DavUser } from './auth.ts';
import { calendarsOf } from './auth.ts';
import { DavError, davCondition } from './errors.ts';
import {
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  MultistatusWriter,
  propRequestOf,
  streamResponses,
  propResponse,
  type PropRequest,
  type PropTable,
} from './multistatus.ts';
import {
  calendarProps,
  homeProps,
  objectProps,
  plainCollectionProps,
  principalProps,
  rootProps,
} from './properties.ts';
import { ROOT, calendarHref, homeHref, principalHref, type DavPath } from './paths.ts';
import { calendarScope, findServedObject, inSnapshot, type CalendarScope } from './scope.ts';
import type { XmlElement } from './xml.ts';

export type Depth = '0' | '1';

/** The Depth header of a PROPFIND: 0 or 1; infinity is refused (RFC 4918 §9.1, propfind-finite-depth). */
export function depthOf(header: string | undefined): Depth {
  const value = (header ?? 'infinity').trim().toLowerCase();
  if (value === '0' || value === '1') return value;
  if (value === 'infinity')
    throw new DavError(
      403,
      'Depth: infinity is not supported; ask with Depth 0 or 1.',
      davCondition('propfind-finite-depth'),
    );
  throw new DavError(400, 'The Depth header is 0, 1 or infinity.');
}

export interface DavServices {
  store: Store;
  /** The origin event pages are named with (the loopback address the UI is served on). */
  pageOrigin: () => string;
}

export function calendarScopeFor(
  services: DavServices,
  user: DavUser,
  site: Parameters<typeof calendarScope>[1],
  actor: Parameters<typeof calendarScope>[2],
): CalendarScope {
  return calendarScope(services.store, site, actor, user.login, services.pageOrigin());
}

/** The properties of a calendar, with its versions read now. */
export function calendarPropTable(services: DavServices, user: DavUser, scope: CalendarScope): PropTable {
  const { store } = services;
  return calendarProps(store, user, scope, {
    ctag: () => store.calDav.siteLatest(scope.site.id),
    token: () => store.changes.latest(),
  });
}

/** The 207 of a PROPFIND, as chunks. `scopeOf` resolves a calendar of the caller's (404 otherwise). */
export async function* propfind(
  services: DavServices,
  user: DavUser,
  path: DavPath,
  body: XmlElement | undefined,
  depth: Depth,
  scopeOf: (site: string) => CalendarScope,
  /** Characters the answer may hold (MultistatusWriter). */
  answerBudget?: number,
): AsyncGenerator<string> {
  const request: PropRequest = propRequestOf(body);
  const { store } = services;
  const one = (href: string, table: PropTable) => propResponse(href, table, request);
  // Everything that can fail is worked out before the first line of the answer.
  switch (path.kind) {
    case 'root': {
      let out = one(`${ROOT}/`, rootProps(user));
      if (depth === '1')
        out +=
          one(`${ROOT}/principals/`, plainCollectionProps(user)) +
          one(`${ROOT}/calendars/`, plainCollectionProps(user));
      yield MULTISTATUS_OPEN + out + MULTISTATUS_CLOSE;
      return;
    }
    case 'principals':
    case 'calendars': {
      let out = one(`${ROOT}/${path.kind}/`, plainCollectionProps(user));
      if (depth === '1')
        out +=
          path.kind === 'principals'
            ? one(principalHref(user.login), principalProps(user))
            : one(homeHref(user.login), homeProps(user));
      yield MULTISTATUS_OPEN + out + MULTISTATUS_CLOSE;
      return;
    }
    case 'principal':
      yield MULTISTATUS_OPEN + one(principalHref(user.login), principalProps(user)) + MULTISTATUS_CLOSE;
      return;
    case 'home': {
      let out = one(homeHref(user.login), homeProps(user));
      if (depth === '1')
        for (const { site, actor } of calendarsOf(store, user)) {
          const scope = calendarScopeFor(services, user, site, actor);
          out += one(calendarHref(user.login, site.code), calendarPropTable(services, user, scope));
        }
      yield MULTISTATUS_OPEN + out + MULTISTATUS_CLOSE;
      return;
    }
    case 'calendar': {
      const scope = scopeOf(path.site);
      const out = new MultistatusWriter(scope.href, answerBudget);
      const head = out.add(MULTISTATUS_OPEN + one(scope.href, calendarPropTable(services, user, scope)));
      if (head !== undefined) yield head;
      if (depth === '1') {
        yield* inSnapshot(store, scope, (reader) =>
          streamResponses(out, reader.objects({}), (object) =>
            one(object.href, objectProps(user, scope, object, store)),
          ),
        );
      }
      yield out.close();
      return;
    }
    case 'object': {
      const scope = scopeOf(path.site);
      // Served from the rendered objects when they hold it: a large object is not rendered per request.
      const object = store.snapshot(() => findServedObject(scope, store, path.name));
      if (!object) throw new DavError(404, 'There is no such object in this calendar.');
      yield MULTISTATUS_OPEN + one(object.href, objectProps(user, scope, object, store)) + MULTISTATUS_CLOSE;
      return;
    }
  }
}
