// Which cached queries a committed change makes stale (the change stream, use-change-stream.ts).
// Exactly those: an event's change refreshes the calendar, the lists and that event — and the term
// lists, whose counts follow events — but not the venues; a venue's change refreshes the venues
// and every event (events embed their venue).
import type { QueryKey } from '@tanstack/react-query';
import { keys } from './keys.ts';
import type { Change } from './types.ts';

export function staleQueries(change: Change): QueryKey[] {
  const site = change.site;
  const trashMoved = change.action !== 'update' && change.action !== 'create';
  switch (change.kind) {
    case 'event':
      return [
        [site, 'events', 'feed'],
        [site, 'events', 'list'],
        keys.event(site, change.id),
        // Its "not on the website" marks follow what it holds (a cost, a series, translations,
        // a password): a sync bringing the website's change, or a save elsewhere, moves them.
        [site, 'website', 'event', change.id],
        keys.terms(site, 'categories'),
        keys.terms(site, 'tags'),
        ...(trashMoved ? [keys.trash(site)] : []),
      ];
    case 'venue':
    case 'organizer':
      return [
        change.kind === 'venue' ? keys.venues(site) : keys.organizers(site),
        keys.events(site),
        ...(trashMoved ? [keys.trash(site)] : []),
      ];
    case 'category':
    case 'tag':
      return [keys.terms(site, change.kind === 'category' ? 'categories' : 'tags'), keys.events(site)];
    case 'image':
      return [keys.events(site)];
    case 'site':
      // Events carry what the site's settings write: their cost in its currency, their dates in its zone.
      // The website marks follow the site's currency code and symbol position.
      return [keys.sites(), keys.session(site), keys.events(site), [site, 'website']];
    case 'series':
      // A series' rule or dates: its own queries; its occurrences' changes come as events.
      return [keys.series(site, change.id), ...(trashMoved ? [keys.trash(site)] : [])];
    case 'website':
      // The site's sync with its website (almanac/v1/sites/{code}/website): its state and event marks.
      return [[site, 'website']];
    case 'all':
      return [[site]];
  }
}

/** The keys of many changes, without repeats (a bulk write sends hundreds at once). */
export function staleQueriesOf(changes: Change[]): QueryKey[] {
  const unique = new Map<string, QueryKey>();
  for (const change of changes) for (const key of staleQueries(change)) unique.set(JSON.stringify(key), key);
  return [...unique.values()];
}
