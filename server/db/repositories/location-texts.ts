// The LOCATION text an event was written with (migration 0023), beside the venue it was linked to.
import type { Db } from '../open.ts';

export function locationTextsRepository(db: Db) {
  const remember = db.prepare(
    'INSERT OR REPLACE INTO location_texts (site_id, post_id, venue_id, venue_line, text) VALUES (?, ?, ?, ?, ?)',
  );
  const forget = db.prepare('DELETE FROM location_texts WHERE site_id = ? AND post_id = ?');
  return {
    remember(siteId: number, postId: number, venueId: number, venueLine: string, text: string): void {
      remember.run(siteId, postId, venueId, venueLine, text);
    },
    forget(siteId: number, postId: number): void {
      forget.run(siteId, postId);
    },
  };
}
