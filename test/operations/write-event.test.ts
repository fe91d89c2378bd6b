// The operations layer on its own, as the importer, the CLI and later protocols use it: a real
// data dir, no server, no request. writeEvent() must hold any caller to the contract's schema,
// the data's rules and the caller's role, and write nothing when it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '../../server/data-dir.ts';
import { administratorContext, type OperationContext } from '../../server/operations/context.ts';
import { OperationError } from '../../server/operations/errors.ts';
import { writeEvent } from '../../server/operations/events/writes.ts';
import type { Store } from '../../server/db/store.ts';

function withStore(run: (store: Store) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-operations-'));
  const store = openDataDir(dir, { timezone: 'Europe/Berlin' });
  try {
    run(store);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const eventCount = (store: Store) =>
  (store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get() as { n: number }).n;

/** The refusal `write` throws, for its kind, code and bad fields. */
function refusal(write: () => unknown): OperationError {
  try {
    write();
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
  assert.fail('the write was not refused');
}

test('writeEvent creates and updates an event as the install administrator, with no request in sight', () => {
  withStore((store) => {
    const ctx = administratorContext(store);
    const id = store.transaction(() =>
      writeEvent(ctx, { title: 'Choir', start_date: '2027-03-02 19:00', end_date: '2027-03-02 21:00' }),
    );
    const row = store.posts.get(ctx.site.id, id)!;
    assert.equal(row.title, 'Choir');
    assert.equal(row.timezone, 'Europe/Berlin');
    assert.equal(row.start_utc, '2027-03-02 18:00:00');
    store.transaction(() => writeEvent(ctx, { featured: true }, row));
    assert.equal(store.posts.get(ctx.site.id, id)!.featured, 1);
  });
});

test('a create without its required fields is refused as REST refuses it, and writes nothing', () => {
  withStore((store) => {
    const ctx = administratorContext(store);
    const error = refusal(() => writeEvent(ctx, { title: 'No dates' }));
    assert.equal(error.failure, 'invalid');
    assert.equal(error.code, 'rest_missing_callback_param');
    assert.deepEqual(error.data.params, ['start_date', 'end_date']);
    assert.equal(eventCount(store), 0);
  });
});

test('schema and data rules are named field by field, in one refusal', () => {
  withStore((store) => {
    const ctx = administratorContext(store);
    const error = refusal(() =>
      writeEvent(ctx, {
        title: 'x'.repeat(1001),
        start_date: '2027-03-02 19:00',
        end_date: '2027-03-01 19:00',
        website: 'not a url',
      }),
    );
    assert.equal(error.code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(error.data.params as object).sort(), ['end_date', 'title', 'website']);
    assert.equal(eventCount(store), 0);
  });
});

test("the caller's role decides: a subscriber is forbidden, nobody signed in is unauthenticated", () => {
  withStore((store) => {
    const admin = administratorContext(store);
    const user = store.users.create('reader');
    store.users.setRole(admin.site.id, user.id, 'subscriber');
    const event = { title: 'Talk', start_date: '2027-03-02 19:00', end_date: '2027-03-02 20:00' };
    const subscriber: OperationContext = { ...admin, actor: { userId: user.id, login: 'reader', role: 'subscriber' } };
    assert.equal(refusal(() => writeEvent(subscriber, event)).failure, 'forbidden');
    assert.equal(refusal(() => writeEvent({ ...admin, actor: null }, event)).failure, 'unauthenticated');
    assert.equal(eventCount(store), 0);
  });
});
