// PROPPATCH (RFC 4918 §9.2) on a calendar: its display name and colour are accepted and kept per
// user (macOS Calendar gives up on a calendar whose PROPPATCH is refused); Apple's calendar order
// is accepted and not kept (the order of one's calendars is the app's business). Anything else is
// refused with 403, and — PROPPATCH being all or nothing — the rest of that request then with 424.
import type { Store } from '../db/store.ts';
import { DavError } from './errors.ts';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN } from './multistatus.ts';
import type { CalendarScope } from './scope.ts';
import {
  APPLE_ICAL,
  DAV,
  children,
  clark,
  d,
  element,
  escapeXml,
  is,
  statusLine,
  textOf,
  type QName,
  type XmlElement as Element,
} from './xml.ts';

interface Change {
  name: QName;
  /** undefined: DAV:remove */
  value: string | undefined;
}

const DISPLAY_NAME = clark({ ns: DAV, name: 'displayname' });
const COLOR = clark({ ns: APPLE_ICAL, name: 'calendar-color' });
const ORDER = clark({ ns: APPLE_ICAL, name: 'calendar-order' });
const MAX_LENGTH = 200;

function changesOf(root: Element): Change[] {
  if (!is(root, DAV, 'propertyupdate')) throw new DavError(400, 'A PROPPATCH body is a DAV:propertyupdate element.');
  const changes: Change[] = [];
  for (const action of children(root)) {
    const set = is(action, DAV, 'set');
    if (!set && !is(action, DAV, 'remove')) throw new DavError(400, 'DAV:propertyupdate holds DAV:set and DAV:remove.');
    for (const prop of children(action).filter((e) => is(e, DAV, 'prop')))
      for (const property of children(prop))
        changes.push({
          name: { ns: property.ns, name: property.name },
          value: set ? textOf(property).trim() : undefined,
        });
  }
  return changes;
}

/** Why a change cannot be made (undefined: it can). */
function refusal(change: Change): string | undefined {
  const key = clark(change.name);
  if (key === DISPLAY_NAME)
    return change.value !== undefined && change.value.length > MAX_LENGTH ? 'too long' : undefined;
  if (key === COLOR)
    return change.value === undefined || /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(change.value)
      ? undefined
      : 'not a colour';
  if (key === ORDER) return undefined;
  return 'not writable';
}

/** Applies the changes (all or none) and returns the 207 body. */
export function proppatch(store: Store, scope: CalendarScope | undefined, href: string, root: Element): string {
  const changes = changesOf(root);
  const failed = new Set(changes.filter((change) => !scope || refusal(change) !== undefined));
  if (failed.size === 0 && scope) {
    const userId = scope.ctx.actor.userId;
    store.writing(() => {
      const current = store.calDav.calendarProps(scope.site.id, userId);
      let { display_name: displayName, color } = current;
      for (const change of changes) {
        if (clark(change.name) === DISPLAY_NAME) displayName = change.value || null;
        if (clark(change.name) === COLOR) color = change.value ?? null;
      }
      store.calDav.setCalendarProps(scope.site.id, userId, displayName, color);
    });
  }
  // Each property once in the answer, however often it was named (its worst status).
  const statuses = new Map<string, { name: QName; status: number }>();
  for (const change of changes) {
    const status = failed.size === 0 ? 200 : failed.has(change) ? 403 : 424;
    const key = clark(change.name);
    const seen = statuses.get(key);
    if (!seen || (seen.status !== 403 && status === 403)) statuses.set(key, { name: change.name, status });
  }
  const groups = new Map<number, string>();
  for (const { name, status } of statuses.values()) groups.set(status, (groups.get(status) ?? '') + element(name));
  const propstats = [...groups]
    .map(([status, props]) => d('propstat', d('prop', props) + d('status', statusLine(status))))
    .join('');
  return MULTISTATUS_OPEN + d('response', d('href', escapeXml(href)) + propstats) + MULTISTATUS_CLOSE;
}
