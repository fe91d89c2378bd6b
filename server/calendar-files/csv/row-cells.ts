// One row's cells by field id, through the column mapping. Reused from row to row (one object per
// file, not per row) since the readers run over tens of thousands of rows.

import type { CsvRecord } from './parse-records.ts';
import { unguardFormula } from './cell-values.ts';

export class RowCells {
  private fields: string[] = [];
  line = 0;

  constructor(
    private readonly columns: Map<string, number>,
    private readonly headings: readonly string[],
  ) {}

  at(record: CsvRecord): this {
    this.fields = record.fields;
    this.line = record.line;
    return this;
  }

  /** Whether a column feeds the field (the cell may still be empty). */
  has(id: string): boolean {
    return this.columns.has(id);
  }

  /** The cell as written ('' when no column feeds the field or the row is short). */
  raw(id: string): string {
    const column = this.columns.get(id);
    return column === undefined ? '' : unguardFormula(this.fields[column] ?? '');
  }

  /** The cell, trimmed. */
  text(id: string): string {
    return this.raw(id).trim();
  }

  /** The heading of the column that feeds the field, for messages. */
  heading(id: string): string {
    const column = this.columns.get(id);
    return column === undefined ? id : (this.headings[column] ?? id);
  }

  /** Non-empty values past the last heading (ignored; the caller warns). */
  extraValues(): number {
    let extra = 0;
    for (let i = this.headings.length; i < this.fields.length; i++) if (this.fields[i]!.trim() !== '') extra++;
    return extra;
  }
}
