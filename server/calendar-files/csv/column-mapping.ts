// Which column feeds which field: the automatic guess from the headings, then the caller's choices
// (from a column-mapping preview) on top.

import type { ImportWarning } from '../imported-event.ts';
import type { CsvKind } from './tec-columns.ts';
import { FIELDS, fieldById, headingIndex, normalizeHeading } from './tec-columns.ts';

export interface ColumnMapping {
  /** Heading → field id, '' for a column that is not imported. Duplicate headings: the first one. */
  mapping: Record<string, string>;
  /** Headings of the columns that are not imported. */
  unmapped: string[];
  /** Field id → the column index it is read from. */
  columns: Map<string, number>;
  warnings: ImportWarning[];
}

// Assigned with defineProperty so a heading such as "__proto__" is an ordinary key.
function setKey(record: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The automatic mapping: a heading that names a field exactly (TEC's id or label) takes it first,
 * then synonyms ("Title", "Start", "Location") fill the fields still free; a field is fed by one
 * column only, the leftmost. `given` overrides it heading by heading ('' to leave a column out).
 */
export function mapColumns(
  kind: CsvKind,
  headings: readonly string[],
  given: Record<string, string> | undefined,
  headerLine: number,
): ColumnMapping {
  const index = headingIndex(kind);
  const warnings: ImportWarning[] = [];
  const fieldOf: string[] = headings.map(() => '');
  const taken = new Set<string>();
  const seen = new Set<string>();
  // Only the first of two identical headings can be addressed by name; the other stays unmapped.
  const addressable = headings.map((heading) => {
    if (seen.has(heading)) return false;
    seen.add(heading);
    return true;
  });

  for (const table of [index.primary, index.synonyms]) {
    headings.forEach((heading, column) => {
      if (!addressable[column] || fieldOf[column] !== '') return;
      const id = table.get(normalizeHeading(heading));
      if (id !== undefined && !taken.has(id)) {
        fieldOf[column] = id;
        taken.add(id);
      }
    });
  }

  if (given) {
    for (const [heading, id] of Object.entries(given)) {
      const column = headings.indexOf(heading);
      if (column < 0) continue; // a preview of another file; nothing to map
      if (id !== '' && !fieldById(kind, id)) {
        warnings.push({
          line: headerLine,
          code: 'unknown_field',
          message: `Column "${heading}" is mapped to "${id}", which is no ${kind} field; it is left as read.`,
          params: { heading, field: id },
        });
        continue;
      }
      // The caller's choice wins over a guess that gave the same field to another column.
      if (id !== '') fieldOf.forEach((other, i) => other === id && (fieldOf[i] = ''));
      fieldOf[column] = id;
    }
  }

  const mapping: Record<string, string> = {};
  const unmapped: string[] = [];
  const columns = new Map<string, number>();
  headings.forEach((heading, column) => {
    if (!addressable[column]) {
      unmapped.push(heading);
      return;
    }
    const id = fieldOf[column]!;
    setKey(mapping, heading, id);
    if (id === '') unmapped.push(heading);
    else columns.set(id, column);
  });
  return { mapping, unmapped, columns, warnings };
}

/** The fields a kind of file cannot do without that no column feeds. */
export function missingRequired(kind: CsvKind, columns: Map<string, number>): string[] {
  return FIELDS[kind].filter((field) => field.required && !columns.has(field.id)).map((field) => field.label);
}
