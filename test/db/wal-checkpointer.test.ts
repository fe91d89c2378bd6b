// The WAL checkpointer (server/db/wal-checkpointer.ts) behind the real server: creates over HTTP
// wake a worker thread that copies the WAL into the database file, the main thread's own
// checkpoint stays as a safety net (at SAFETY_NET_PAGES), the worker ends when writes stop, and
// when it cannot run the main thread checkpoints as before. Nothing is lost on the way. (That the
// safety net bounds the WAL shows only under a saturating load, which a test cannot hold steady:
// `npm run bench` prints the WAL's size after its creates.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile, openDataDir } from '../../server/data-dir.ts';
import { listen } from '../../server/listen.ts';
import { SAFETY_NET_PAGES, startWalCheckpointer, type WalCheckpointer } from '../../server/db/wal-checkpointer.ts';
import type { Store } from '../../server/db/store.ts';

const API = '/svc/events/v1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Harness {
  store: Store;
  file: string;
  checkpointer: WalCheckpointer;
  errors: Error[];
  /** Creates `count` events over HTTP, `parallel` at a time; returns their ids. */
  create(count: number, parallel?: number): Promise<number[]>;
}

async function withServer(options: { idleMs?: number }, run: (harness: Harness) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-wal-'));
  const store = openDataDir(dir, { timezone: 'UTC' });
  const admin = store.users.create('administrator');
  store.users.setRole(store.sites.byCode('default')!.id, admin.id, 'administrator');
  const token = store.users.createToken(admin.id, 'tests');
  const errors: Error[] = [];
  const checkpointer = startWalCheckpointer(store.db, { idleMs: options.idleMs, onError: (e) => errors.push(e) });
  const server = await listen({ store, port: 0, afterWrite: checkpointer.wrote });
  let made = 0;
  const createOne = async () => {
    const n = made++;
    const response = await fetch(`${server.url}${API}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Checkpointed ${n}`,
        start_date: `2027-0${1 + (n % 9)}-1${n % 10} 10:00:00`,
        end_date: `2027-0${1 + (n % 9)}-1${n % 10} 12:00:00`,
        status: 'publish',
      }),
    });
    const body = (await response.json()) as { id: number };
    assert.equal(response.status, 201, JSON.stringify(body));
    return body.id;
  };
  const harness: Harness = {
    store,
    file: databaseFile(dir),
    checkpointer,
    errors,
    async create(count, parallel = 4) {
      const ids: number[] = [];
      let started = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (started++ < count) ids.push(await createOne());
        }),
      );
      return ids;
    },
  };
  try {
    await run(harness);
  } finally {
    await server.close();
    await checkpointer.stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const autocheckpoint = (store: Store) => store.db.pragma('wal_autocheckpoint', { simple: true }) as number;

/** Every created event is there, and the file is sound, as another connection sees it. */
function assertIntact(file: string, ids: number[]): void {
  const other = new Database(file, { readonly: true });
  try {
    assert.equal(other.pragma('integrity_check', { simple: true }), 'ok');
    const stored = other.prepare(`SELECT id FROM posts WHERE type = 'event'`).pluck().all() as number[];
    assert.deepEqual(new Set(stored), new Set(ids));
  } finally {
    other.close();
  }
}

test("under a stream of creates the worker checkpoints, with the main thread's checkpoint as a safety net", async () => {
  await withServer({}, async ({ store, file, checkpointer, errors, create }) => {
    assert.equal(checkpointer.stats().running, false, 'no worker before the first write');
    // ~15 WAL pages a create: 400 creates are twice the safety net's pages.
    const ids = await create(400);
    const stats = checkpointer.stats();
    assert.equal(stats.running, true);
    assert.equal(autocheckpoint(store), SAFETY_NET_PAGES, "the main thread's own checkpoint is the safety net");
    assert.ok(stats.checkpoints > 0 && stats.frames > 0, `the worker copied frames: ${JSON.stringify(stats)}`);
    assert.deepEqual(errors, []);
    assertIntact(file, ids);
  });
});

test('the worker ends when writes stop and starts again at the next write', async () => {
  await withServer({ idleMs: 150 }, async ({ store, file, checkpointer, create }) => {
    const ids = await create(20);
    assert.equal(checkpointer.stats().running, true);
    const deadline = Date.now() + 5_000;
    while (checkpointer.stats().running && Date.now() < deadline) await sleep(50);
    assert.equal(checkpointer.stats().running, false, 'ended after the idle time');
    assert.equal(autocheckpoint(store), 1000, 'the main thread checkpoints as by default again');
    ids.push(...(await create(5)));
    assert.equal(checkpointer.stats().running, true);
    assert.equal(autocheckpoint(store), SAFETY_NET_PAGES);
    assertIntact(file, ids);
  });
});

test('a worker that cannot open the database is reported and the main thread checkpoints as before', async () => {
  await withServer({}, async ({ store, file, checkpointer, errors, create }) => {
    // The open connection keeps working on the renamed file; the worker opens by name and fails.
    renameSync(file, `${file}.moved`);
    try {
      const ids = await create(3, 1);
      const deadline = Date.now() + 5_000;
      while (errors.length === 0 && Date.now() < deadline) await sleep(20);
      assert.equal(errors.length, 1, 'the failure is reported once');
      while (checkpointer.stats().running && Date.now() < deadline) await sleep(20);
      assert.equal(checkpointer.stats().running, false);
      assert.equal(autocheckpoint(store), 1000);
      ids.push(...(await create(3, 1)));
      assert.equal(checkpointer.stats().running, false, 'not restarted after a failure');
      assert.equal(errors.length, 1);
      renameSync(`${file}.moved`, file);
      assertIntact(file, ids);
    } finally {
      try {
        renameSync(`${file}.moved`, file);
      } catch {
        // already back
      }
    }
  });
});
