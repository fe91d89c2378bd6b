// A real data dir in a temp folder, bulk-seeded once for a test file and removed after it: the
// set-up of the tests that read a seeded database directly (plans, seeder, row readers).
import { before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '../../server/data-dir.ts';
import { bulkSeed } from '../../scripts/seed/bulk-seed.ts';
import type { Store } from '../../server/db/store.ts';

/**
 * Registers the file's before/after hooks. `opened` receives the store once it is seeded (with
 * `events` events, authored by user 1) so the file can keep it in its own variable.
 */
export function withSeededStore(options: { events: number; timezone: string }, opened: (store: Store) => void): void {
  let dir: string;
  let store: Store;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'almanac-seeded-'));
    store = openDataDir(dir, { timezone: options.timezone });
    bulkSeed(store, 'default', options.events, 1);
    opened(store);
  });
  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
}
