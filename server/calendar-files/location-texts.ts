// The LOCATION an import or a calendar app wrote, kept beside the venue made of it (migration
// 0023), so that the export and CalDAV give it back as written while the event keeps that venue and
// the venue its fields (ics-export/vevent.ts locationText). Not kept when the venue's own line says
// the same, or when the event has no venue (a LOCATION that is a link became its website).
import type { OperationContext } from '../operations/context.ts';
import { venueLine } from './ics-export/vevent.ts';

/** Remembers `text` as the LOCATION of each event of `eventIds` (or forgets it: undefined or ''). */
export function rememberLocation(ctx: OperationContext, eventIds: Iterable<number>, text: string | undefined): void {
  const { posts, locationTexts } = ctx.store;
  const siteId = ctx.site.id;
  const lines = new Map<number, string>();
  for (const eventId of eventIds) {
    const venueId = text ? posts.links(siteId, eventId, 'venue')[0] : undefined;
    const venue = venueId === undefined ? undefined : posts.get(siteId, venueId);
    let line = venueId === undefined ? undefined : lines.get(venueId);
    if (venue && line === undefined) {
      line = venueLine({
        name: venue.title,
        address: venue.address,
        city: venue.city,
        // As the export reads a venue's state (event-export.ts relationTables).
        state: venue.stateprovince || venue.state || venue.province,
        zip: venue.zip,
        country: venue.country,
      });
      lines.set(venue.id, line);
    }
    if (!text || !venue || line === undefined || line === text) locationTexts.forget(siteId, eventId);
    else locationTexts.remember(siteId, eventId, venue.id, line, text);
  }
}
