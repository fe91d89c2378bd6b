// Small readers for cell values other than dates and zones.

// TEC's importer counts 'yes', 'true' and '1' (any case) as true and anything else as false
// (File_Importer::get_boolean_value_by_key). We read the same, but tell apart the values that
// plainly mean false from the ones that mean nothing ('x', 'maybe'), so the caller can warn.
const TRUE_VALUES = new Set(['yes', 'true', '1']);
const FALSE_VALUES = new Set(['no', 'false', '0', '']);

/** true / false, or null for a value that is neither (the caller warns and takes false, as TEC does). */
export function parseBooleanCell(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return null;
}

/** "Concert, Jazz ,, Outdoor" → ['Concert', 'Jazz', 'Outdoor']: TEC splits categories, tags and organizers on commas. */
export function splitList(cell: string): string[] {
  const items: string[] = [];
  for (const part of cell.split(',')) {
    const item = part.trim();
    if (item !== '' && !items.includes(item)) items.push(item);
  }
  return items;
}

/**
 * Undoes write-csv.ts's guard against formula injection: a value it had to start with = + - @
 * (or a tab or CR) was written with a leading apostrophe, which spreadsheets hide and we drop.
 */
export function unguardFormula(cell: string): string {
  return cell.charCodeAt(0) === 0x27 && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A coordinate: '40.4168', or '40,4168' from a file written where the comma is the decimal mark. */
export function parseNumberCell(cell: string): number | null {
  const text = cell.trim().replace(/^([+-]?\d+),(\d+)$/, '$1.$2');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** A name that TEC would read as a post ID (a number, or numbers separated by spaces). */
export function isPostIdList(cell: string): boolean {
  return /^\d+(\s+\d+)*$/.test(cell.trim());
}
