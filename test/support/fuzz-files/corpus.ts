// The seeds of the calendar-file fuzz target: every calendar file in test/fixtures — the exports
// the reader tests are shaped on (ics/, csv/), real files from other projects' test suites
// (wild/, where each came from is in wild/SOURCES.md), and what the fuzz target found before
// (hostile/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportKind } from '../../../contract/app/import-summary.ts';

export interface Seed {
  /** Path under test/fixtures. */
  name: string;
  format: 'ics' | 'csv';
  /** For CSV: what the rows are. */
  kind: ImportKind;
  text: string;
}

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const FOLDERS = ['ics', 'csv', 'wild', 'hostile'];

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/** A CSV seed's rows are venues or organizers when its name says so. */
function kindOf(name: string): ImportKind {
  if (/venue/i.test(name)) return 'venues';
  if (/organizer/i.test(name) && !/event/i.test(name)) return 'organizers';
  return 'events';
}

export function loadSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const folder of FOLDERS) {
    for (const path of walk(join(FIXTURES, folder))) {
      const name = path.slice(FIXTURES.length);
      if (/\.(md|txt|json)$/i.test(name)) continue; // notes and a fixture's mapping, not calendar files
      const format = name.toLowerCase().endsWith('.csv') ? 'csv' : 'ics';
      seeds.push({ name, format, kind: format === 'csv' ? kindOf(name) : 'events', text: readFileSync(path, 'utf8') });
    }
  }
  return seeds;
}
