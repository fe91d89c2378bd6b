// What both export formats read the same way: term names and the stored cost.
import { decodeEntities } from '../domain/html.ts';

/** Term names as people read them (stored names are HTML-escaped, as WordPress stores them). */
export const termNames = (names: string[]) => names.map(decodeEntities);

/** The stored cost (a JSON array of the given strings) as one text: "10 – 20". */
export function costText(raw: string | null): string {
  if (!raw) return '';
  try {
    return (JSON.parse(raw) as unknown[]).map(String).join(' – ');
  } catch {
    return '';
  }
}
