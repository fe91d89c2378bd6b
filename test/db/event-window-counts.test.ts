// The totals of date-window lists come from per-day counts kept by triggers (migration 0005).
// These tests write events through the real API (and, as another process would, with plain SQL),
// then compare the stored-count total of many random windows with a plain COUNT over the posts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { prng } from '../support/prng.ts';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const random = prng(5);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time in Sept–Oct 2027, often near midnight so events cross UTC day boundaries. */
function wall(dayOffset: number, hour: number, minute = 0): string {
  const date = new Date(Date.UTC(2027, 8, 1 + dayOffset, hour, minute));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

async function createRandomEvents(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const day = Math.floor(random() * 40);
    const hour = pick([0, 1, 10, 19, 22, 23]);
    const lengthHours = pick([1, 2, 5, 26, 50]);
    const event = await createEvent(server, {
      title: `Window ${i}`,
      start_date: wall(day, hour),
      end_date: wall(day, hour + lengthHours),
      timezone: pick(['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati']),
      all_day: random() < 0.1,
      status: pick(['publish', 'publish', 'publish', 'draft', 'pending', 'private']),
      featured: random() < 0.3,
      hide_from_listings: random() < 0.15,
    });
    ids.push(event.id);
  }
  return ids;
}

function randomBound(): string {
  return `${wall(Math.floor(random() * 44) - 2, Math.floor(random() * 24), pick([0, 0, 30, 59]))}:${pick(['00', '59'])}`;
}

function randomFilter(): EventListFilter {
  const dates: EventListFilter['dates'] = [];
  const bounds = Math.floor(random() * 5);
  for (let i = 0; i < bounds; i++) {
    dates.push({
      column: pick(['start_utc', 'end_utc'] as const),
      op: pick(['>=', '>', '<=', '<'] as const),
      value: randomBound(),
    });
  }
  return {
    siteId: server.store.sites.byCode('default')!.id,
    statuses: pick([
      ['publish'],
      ['publish', 'private'],
      ['publish', 'future', 'draft', 'pending', 'private'],
      ['draft'],
    ]),
    featured: pick([undefined, undefined, true, false]),
    dates,
    termGroups: [],
    orderBy: 'start',
    limit: 10,
    offset: 0,
  };
}

function assertTotalsMatchScan(rounds: number, label: string): void {
  for (let i = 0; i < rounds; i++) {
    const filter = randomFilter();
    const { total } = server.store.eventList.page(filter);
    assert.equal(total, server.store.eventList.countByScan(filter), `${label}: ${JSON.stringify(filter)}`);
  }
}

test('window totals equal a COUNT of the posts through creates, updates, trash, deletes and SQL writes', async () => {
  const ids = await createRandomEvents(70);
  assertTotalsMatchScan(400, 'after creates');

  for (const id of ids.slice(0, 25)) {
    const changes = pick([
      { start_date: wall(Math.floor(random() * 40), 23, 30), end_date: wall(41, 1) },
      { status: pick(['publish', 'draft', 'private']) },
      { featured: random() < 0.5 },
      { hide_from_listings: random() < 0.5 },
      { timezone: pick(['UTC', 'Asia/Tokyo']) },
    ]);
    const updated = await server.admin('PATCH', `events/${id}`, { json: changes });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
  }
  assertTotalsMatchScan(400, 'after updates');

  for (const id of ids.slice(25, 35)) assert.equal((await server.admin('DELETE', `events/${id}`)).status, 200);
  for (const id of ids.slice(35, 45)) {
    assert.equal((await server.admin('DELETE', `events/${id}?force=true`)).status, 200);
  }
  assertTotalsMatchScan(400, 'after trash and deletes');

  // Another writer (a CLI command, an older copy restored) changes rows with plain SQL: the triggers
  // still keep the counts.
  const db = server.store.db;
  db.prepare("UPDATE posts SET start_utc = '2027-09-03 23:59:59', end_utc = '2027-09-05 00:00:00' WHERE id = ?").run(
    ids[50],
  );
  db.prepare("UPDATE posts SET status = 'publish', featured = NULL, hide_from_listings = NULL WHERE id = ?").run(
    ids[51],
  );
  db.prepare("UPDATE posts SET type = 'venue' WHERE id = ?").run(ids[52]);
  db.prepare('DELETE FROM posts WHERE id = ?').run(ids[53]);
  for (const id of ids.slice(54, 62))
    db.prepare("UPDATE posts SET end_utc = '2027-10-20 10:00:00' WHERE id = ?").run(id);
  assertTotalsMatchScan(400, 'after SQL writes');
});

test('X-TEC-Total of a window list follows creates, hiding, drafts and deletes at once', async () => {
  const window = 'start_date=2031-03-01&end_date=2031-03-31';
  const total = async () => Number((await server.request('GET', `events?${window}`)).headers.get('x-tec-total'));
  const ids: number[] = [];
  for (let day = 1; day <= 6; day++) {
    const event = await createEvent(server, {
      title: `March ${day}`,
      start_date: `2031-03-0${day} 20:00`,
      end_date: `2031-03-0${day} 23:30`,
    });
    ids.push(event.id);
  }
  assert.equal(await total(), 6);
  await server.admin('PATCH', `events/${ids[0]}`, { json: { hide_from_listings: true } });
  assert.equal(await total(), 5);
  await server.admin('PATCH', `events/${ids[1]}`, { json: { status: 'draft' } });
  assert.equal(await total(), 4);
  await server.admin('DELETE', `events/${ids[2]}?force=true`);
  assert.equal(await total(), 3);
  await server.admin('PATCH', `events/${ids[3]}`, {
    json: { start_date: '2031-04-02 10:00', end_date: '2031-04-02 11:00' },
  });
  assert.equal(await total(), 2);
});
