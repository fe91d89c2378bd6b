// A yes/no column as the sync compares it: a value never set reads as the reference reads its
// missing meta (contract/constants.ts EVENT_FLAGS `unset`: show_map and show_map_link are on).
import type { PostRow } from '../db/repositories/posts.ts';
import { EVENT_FLAGS, type EventFlagName } from '../../contract/constants.ts';

export function flagValue(row: PostRow, name: EventFlagName): boolean {
  const value = row[name];
  return value === null || value === undefined ? EVENT_FLAGS[name].unset : value === 1;
}
