// Repeating events over real HTTP: almanac/v1/series makes and changes series, and every
// occurrence is an event of svc/events/v1 (post_parent = the first occurrence), edited there
// "this event only". The three scopes, the trash, translations, permissions and bad rules.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { extendAllSeries } from '../../server/operations/series/series-horizon.ts';
import { editSeries, prepareSeriesEdit } from '../../server/operations/series/series-writes.ts';
import { administratorContext } from '../../server/operations/context.ts';
import { ParamErrors } from '../../server/operations/errors.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

const SERIES = '/almanac/v1/series';

async function event(fields: Record<string, unknown> = {}, token = server.tokens.administrator) {
  const response = await server.request('POST', 'events', {
    token,
    json: Object.assign(
      { title: 'Story time', start_date: '2027-03-02 10:00', end_date: '2027-03-02 11:00', status: 'publish' },
      fields,
    ),
  });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function series(rule: string, fields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const first = await event(fields);
  const response = await server.admin('POST', SERIES, { json: Object.assign({ event: first.id, rule }, extra) });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const postCount = () =>
  (server.store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get() as { n: number }).n;

test("a weekly series: occurrences are events, listed by post_parent, with the first one's venue and terms", async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=6', { categories: ['Kids'], venue: { venue: 'Library' } });
  assert.equal(made.occurrences.length, 6);
  assert.deepEqual(made.description, { en: 'Every Tuesday, 6 times', es: 'Todos los martes, 6 veces' });
  assert.equal(made.ends, 'count');
  const listed = await server.request('GET', 'events', {
    query: { post_parent: made.first, start_date: '2027-01-01', per_page: 50 },
  });
  assert.equal(listed.status, 200);
  // Every occurrence but the first points at it, as The Events Calendar Pro's occurrences do.
  assert.deepEqual(
    listed.body.events.map((e: any) => e.start_date),
    ['2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06'].map((d) => `${d} 10:00:00`),
  );
  for (const e of listed.body.events) {
    assert.equal(e.venue.venue, 'Library');
    assert.deepEqual(
      e.categories.map((c: any) => c.name),
      ['Kids'],
    );
    assert.notEqual(e.slug, made.occurrences[0].slug);
  }
  // The category counts every published occurrence.
  const kids = await server.request('GET', 'categories', { query: { search: 'Kids' } });
  assert.equal(kids.body.categories[0].count, 6);
  // svc/events/v1 gains no field.
  const single = await server.request('GET', `events/${made.occurrences[1].id}`);
  assert.equal(single.body.series, undefined);
  assert.equal(single.body.recurrence, undefined);
});

test('a bad rule is a 400 naming its part, and nothing is written', async () => {
  const first = await event();
  const before = postCount();
  for (const [rule, part] of [
    ['FREQ=WEEKLY;UNTL=20191023;BYDAY=TH', 'UNTL'],
    ['FREQ=WEEKLY;BYDAY=XX', 'BYDAY'],
    ['FREQ=HOURLY', 'FREQ'],
    ['FREQ=DAILY;BYHOUR=9,17', 'BYHOUR'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20280101', 'COUNT'],
    ['FREQ=WEEKLY;UNTIL=20270101', 'UNTIL'],
    ['BYDAY=TU', 'FREQ'],
    ['FREQ=DAILY;INTERVAL=0', 'INTERVAL'],
  ] as const) {
    const response = await server.admin('POST', SERIES, { json: { event: first.id, rule } });
    assert.equal(response.status, 400, rule);
    assert.equal(response.body.code, 'rest_invalid_param');
    assert.ok(response.body.data.params.rule, rule);
    const parts = response.body.data.details.rule.data.parts.map((p: any) => p.part);
    assert.ok(parts.includes(part), `${rule}: ${JSON.stringify(parts)}`);
  }
  assert.equal(postCount(), before);
});

test('a rule that makes more than 1,000 occurrences within the horizon is refused', async () => {
  // Five years ahead (a site setting): a daily series would make ~1,800 occurrences.
  server.store.db.prepare('UPDATE sites SET series_horizon_months = 60 WHERE id = 1').run();
  try {
    const first = await event({ start_date: '2027-06-01 09:00', end_date: '2027-06-01 10:00' });
    const before = postCount();
    const response = await server.admin('POST', SERIES, { json: { event: first.id, rule: 'FREQ=DAILY' } });
    assert.equal(response.status, 400, response.text);
    assert.ok(response.body.data.details.rule.data.parts.some((p: any) => p.part === 'RRULE'));
    assert.match(response.body.data.params.rule, /more than 1000 occurrences within the next 60 months/);
    assert.equal(postCount(), before);
    // Every weekday fits (~1,300 in five years is too many too), every week does.
    const weekly = await server.admin('POST', SERIES, { json: { event: first.id, rule: 'FREQ=WEEKLY' } });
    assert.equal(weekly.status, 201, weekly.text);
  } finally {
    server.store.db.prepare('UPDATE sites SET series_horizon_months = 24 WHERE id = 1').run();
  }
});

test('this event only: an occurrence changed through svc/events/v1 becomes an exception "all events" leaves alone', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=5');
  const moved = made.occurrences[2];
  const patch = await server.admin('PATCH', `events/${moved.id}`, {
    json: { start_date: '2027-03-17 10:00', end_date: '2027-03-17 11:00' },
  });
  assert.equal(patch.status, 200);
  // Story time moves to 10:30 for all events: the moved one keeps its day and its time.
  const all = await server.admin('PATCH', `${SERIES}/${made.id}`, {
    json: { changes: { start_date: '2027-03-02 10:30', end_date: '2027-03-02 11:30', title: 'Story time!' } },
  });
  assert.equal(all.status, 200, all.text);
  const byId = new Map(all.body.occurrences.map((o: any) => [o.id, o]));
  assert.equal((byId.get(moved.id) as any).start, '2027-03-17 10:00:00');
  assert.equal((byId.get(moved.id) as any).detached, true);
  for (const o of all.body.occurrences.filter((o: any) => o.id !== moved.id))
    assert.equal(o.start.slice(11), '10:30:00');
  const movedEvent = await server.request('GET', `events/${moved.id}`);
  assert.equal(movedEvent.body.title, 'Story time');
  // ...unless asked to include it: then it takes the changed fields, and a new time of day on its
  // own date — it stays on Wednesday (the issue's acceptance: "keeps its day and gets the new time
  // only if you chose so").
  const include = await server.admin('PATCH', `${SERIES}/${made.id}`, {
    json: { include_detached: true, changes: { title: 'Story time!!' } },
  });
  let kept = include.body.occurrences.find((o: any) => o.id === moved.id);
  assert.equal(kept.start, '2027-03-17 10:00:00', 'no time change asked: its own time stays');
  assert.equal(kept.detached, true);
  assert.equal((await server.request('GET', `events/${moved.id}`)).body.title, 'Story time!!');
  const later = await server.admin('PATCH', `${SERIES}/${made.id}`, {
    json: { include_detached: true, changes: { start_date: '2027-03-02 10:45', end_date: '2027-03-02 11:45' } },
  });
  kept = later.body.occurrences.find((o: any) => o.id === moved.id);
  assert.equal(kept.start, '2027-03-17 10:45:00', 'the new time, on its own Wednesday');
  assert.equal(kept.date, '2027-03-16', 'still the occurrence of that Tuesday');
  assert.equal(kept.detached, true);
  assert.equal(later.body.occurrences.length, 5, 'no second occurrence on its Tuesday');
});

test('all events: a new rule moves the occurrences to the new days, keeping their ids', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=4');
  const ids = made.occurrences.map((o: any) => o.id);
  const wednesdays = await server.admin('PATCH', `${SERIES}/${made.id}`, {
    json: { rule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4' },
  });
  assert.equal(wednesdays.status, 200, wednesdays.text);
  assert.deepEqual(
    wednesdays.body.occurrences.map((o: any) => o.id),
    ids,
  );
  assert.deepEqual(
    wednesdays.body.occurrences.map((o: any) => o.date),
    ['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24'],
  );
  assert.equal(wednesdays.body.start, '2027-03-03 10:00:00');
  // Fewer dates: the extra occurrences go.
  const fewer = await server.admin('PATCH', `${SERIES}/${made.id}`, { json: { rule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=2' } });
  assert.equal(fewer.body.occurrences.length, 2);
  assert.equal((await server.request('GET', `events/${ids[3]}`)).status, 404);
});

test('this and following: the series splits in two at that occurrence', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=6');
  const third = made.occurrences[2];
  const split = await server.admin('POST', `${SERIES}/${made.id}/split`, {
    json: { occurrence: third.id, changes: { title: 'Story time (spring)' } },
  });
  assert.equal(split.status, 200, split.text);
  assert.notEqual(split.body.id, made.id);
  assert.equal(split.body.first, third.id);
  assert.equal(split.body.occurrences.length, 4);
  assert.equal(split.body.rule, 'FREQ=WEEKLY;COUNT=4;BYDAY=TU');
  const old = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.equal(old.body.occurrences.length, 2);
  assert.equal(old.body.rule, 'FREQ=WEEKLY;UNTIL=20270315;BYDAY=TU');
  const later = await server.request('GET', 'events', { query: { post_parent: third.id, start_date: '2027-01-01' } });
  assert.ok(later.body.events.every((e: any) => e.title === 'Story time (spring)'));
  const earlier = await server.request('GET', `events/${made.occurrences[1].id}`);
  assert.equal(earlier.body.title, 'Story time');
});

test('delete: one occurrence excludes its date; this and following ends the series; all goes to the trash and back', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU;COUNT=6');
  const [first, second, third] = made.occurrences;
  assert.equal((await server.admin('DELETE', `events/${second.id}`)).status, 200);
  let now = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.deepEqual(now.body.exdates, [second.date]);
  // Deleting the first occurrence makes the next live one the parent of the others.
  assert.equal((await server.admin('DELETE', `events/${first.id}`)).status, 200);
  now = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.equal(now.body.first, third.id);
  const parent = await server.request('GET', `events/${made.occurrences[4].id}`);
  assert.equal(parent.status, 200);
  const kids = await server.request('GET', 'events', { query: { post_parent: third.id, start_date: '2027-01-01' } });
  assert.equal(kids.body.events.length, 3);
  // Restoring it brings the date back.
  const restored = await server.admin('PATCH', `events/${first.id}`, { json: { status: 'publish' } });
  assert.equal(restored.status, 200);
  now = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.deepEqual(now.body.exdates, [second.date]);
  assert.equal(now.body.first, first.id);
  // This and following.
  const following = await server.admin('DELETE', `${SERIES}/${made.id}`, {
    query: { occurrence: made.occurrences[4].id },
  });
  assert.equal(following.status, 200);
  assert.equal(following.body.rule, 'FREQ=WEEKLY;UNTIL=20270329;BYDAY=TU');
  assert.equal((await server.request('GET', `events/${made.occurrences[5].id}`)).status, 403);
  // All of it, to the trash and back (the one deleted on its own stays deleted).
  const trashed = await server.admin('DELETE', `${SERIES}/${made.id}`);
  assert.equal(trashed.body.status, 'trash');
  assert.ok(trashed.body.occurrences.every((o: any) => o.status === 'trash'));
  assert.equal((await server.admin('DELETE', `${SERIES}/${made.id}`)).status, 410);
  const back = await server.admin('POST', `${SERIES}/${made.id}/restore`);
  assert.equal(back.status, 200);
  assert.deepEqual(
    back.body.occurrences.map((o: any) => o.status),
    ['publish', 'trash', 'publish', 'publish'],
  );
  // For good.
  const gone = await server.admin('DELETE', `${SERIES}/${made.id}`, { query: { force: true } });
  assert.equal(gone.status, 200);
  assert.equal((await server.admin('GET', `${SERIES}/${made.id}`)).status, 404);
  assert.equal((await server.admin('GET', `events/${third.id}`)).status, 404);
});

test('a translation of the series applies to its occurrences, except one translated on its own', async () => {
  const site = server.store.sites.create({
    code: 'mx',
    language: 'mx',
    timezone: 'America/Mexico_City',
    title: 'CDMX',
  });
  server.store.users.setRole(site.id, server.userIds.administrator, 'administrator');
  const api = (path: string) => `/mx/svc/events/v1/${path}`;
  const first = await server.admin('POST', api('events'), {
    json: { title: 'Story time', start_date: '2027-03-02 10:00', end_date: '2027-03-02 11:00', status: 'publish' },
  });
  const made = await server.admin('POST', `/mx/almanac/v1/series`, {
    json: { event: first.body.id, rule: 'FREQ=WEEKLY;COUNT=3' },
  });
  assert.equal(made.status, 201, made.text);
  const own = made.body.occurrences[2].id;
  await server.admin('PATCH', api(`events/${own}`), {
    query: { translation_language: 'es' },
    json: { title: 'Hora del cuento (sola)' },
  });
  const translated = await server.admin('PATCH', `/mx/almanac/v1/series/${made.body.id}`, {
    json: { changes: { title: 'Hora del cuento', translation_language: 'es' } },
  });
  assert.equal(translated.status, 200, translated.text);
  const titles = await Promise.all(
    made.body.occurrences.map(
      async (o: any) =>
        (await server.request('GET', api(`events/${o.id}`), { query: { translation_language: 'es' } })).body.title,
    ),
  );
  assert.deepEqual(titles, ['Hora del cuento', 'Hora del cuento', 'Hora del cuento (sola)']);
  const base = await server.request('GET', api(`events/${made.body.occurrences[1].id}`));
  assert.equal(base.body.title, 'Story time');
});

test("permissions: a subscriber may not make or change series; an author not another author's", async () => {
  const mine = await event({}, server.tokens.author);
  const forbidden = await server.request('POST', SERIES, {
    token: server.tokens.subscriber,
    json: { event: mine.id, rule: 'FREQ=DAILY;COUNT=2' },
  });
  assert.equal(forbidden.status, 403);
  const anonymous = await server.request('POST', SERIES, { json: { event: mine.id, rule: 'FREQ=DAILY;COUNT=2' } });
  assert.equal(anonymous.status, 401);
  const made = await server.request('POST', SERIES, {
    token: server.tokens.author,
    json: { event: mine.id, rule: 'FREQ=DAILY;COUNT=2' },
  });
  assert.equal(made.status, 201, made.text);
  const other = await server.request('PATCH', `${SERIES}/${made.body.id}`, {
    token: server.tokens.author2,
    json: { rule: 'FREQ=DAILY;COUNT=3' },
  });
  assert.equal(other.status, 403);
  const editor = await server.request('PATCH', `${SERIES}/${made.body.id}`, {
    token: server.tokens.editor,
    json: { rule: 'FREQ=DAILY;COUNT=3' },
  });
  assert.equal(editor.status, 200);
});

test('the change stream names the series and its occurrences', async () => {
  const start = server.store.changes.latest();
  const made = await series('FREQ=MONTHLY;BYDAY=1SA;COUNT=3');
  const changes = server.store.changes.after(start, 1000);
  assert.ok(changes.some((c) => c.kind === 'series' && c.object_id === made.id && c.action === 'create'));
  for (const o of made.occurrences) assert.ok(changes.some((c) => c.kind === 'event' && c.object_id === o.id));
});

test('a series that never ends gets its next dates as time moves on (the upkeep)', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU');
  assert.equal(made.ends, 'never');
  const count = made.occurrences.length;
  // As if it had been made months ago: the horizon lags and the last months' dates are not there yet.
  const keep = made.occurrences.slice(0, count - 20);
  const last = keep.at(-1).date;
  for (const o of made.occurrences.slice(count - 20)) server.store.posts.remove(1, o.id);
  server.store.series.update(1, made.id, { horizon: last });
  let told = 0;
  const done = await extendAllSeries(
    server.store,
    () => false,
    () => told++,
  );
  assert.ok(done.series >= 1);
  // Each write is told to the service (its response cache and change streams: service.ts).
  assert.ok(told >= Math.ceil(20 / 6), `told after each write (${told})`);
  const now = await server.admin('GET', `${SERIES}/${made.id}`);
  assert.equal(now.body.occurrences.length, count);
  assert.equal(now.body.horizon, made.horizon);
});

test('the upkeep writes a few dates at a time; a series edited between its writes is planned again, never given stale dates', async () => {
  const made = await series('FREQ=WEEKLY;BYDAY=TU');
  const count = made.occurrences.length;
  const keep = made.occurrences.slice(0, count - 30);
  for (const o of made.occurrences.slice(count - 30)) server.store.posts.remove(1, o.id);
  server.store.series.update(1, made.id, { horizon: keep.at(-1).date });
  const running = extendAllSeries(server.store);
  // Right after the upkeep's first write (it yields to requests after each), the series moves to
  // Thursdays, as a PATCH would do it, between two of its writes.
  await new Promise((resolve) => setImmediate(resolve));
  const between = server.store.series.occurrenceIds(1, made.id).length;
  assert.ok(between > count - 30 && between < count, `part of the dates written before the edit (${between})`);
  const ctx = administratorContext(server.store);
  server.store.writing(() => {
    const row = server.store.series.get(1, made.id)!;
    const errors = new ParamErrors();
    const prepared = prepareSeriesEdit(ctx, row, { rule: 'FREQ=WEEKLY;BYDAY=TH' }, errors);
    errors.throwIfAny();
    editSeries(ctx, row, prepared!);
  });
  await running;
  const now = await server.admin('GET', `${SERIES}/${made.id}`);
  const weekdays = new Set(now.body.occurrences.slice(1).map((o: any) => new Date(`${o.date}T12:00:00Z`).getUTCDay()));
  assert.deepEqual([...weekdays], [4], 'every date after the first is a Thursday');
  assert.ok(now.body.horizon >= made.horizon, 'the horizon reached');
});

test('the preview says the rule in words and lists its first dates', async () => {
  const preview = await server.request('GET', `${SERIES}/preview`, {
    query: { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270630', start: '2027-03-02 10:00' },
  });
  assert.equal(preview.status, 200, preview.text);
  assert.equal(preview.body.description.en, 'Every other Tuesday until 30 June 2027');
  assert.equal(preview.body.description.es, 'Cada dos semanas, los martes, hasta el 30 de junio de 2027');
  assert.equal(preview.body.count, 9);
  const bad = await server.request('GET', `${SERIES}/preview`, {
    query: { rule: 'FREQ=WEEKLY;UNTL=2027', start: '2027-03-02' },
  });
  assert.equal(bad.status, 400);
});

test("the app's event list shows a series as one row, with its next occurrence in the window", async () => {
  const made = await series('FREQ=DAILY;COUNT=10', {
    title: 'Daily yoga',
    start_date: '2029-05-01 07:00',
    end_date: '2029-05-01 08:00',
  });
  const single = await event({ title: 'One-off', start_date: '2029-05-03 12:00', end_date: '2029-05-03 13:00' });
  const query = { start_date: '2029-05-02', end_date: '2029-05-31', search: 'Daily yoga' };
  const all = await server.request('GET', '/almanac/v1/event-list', { query });
  assert.equal(all.status, 200, all.text);
  assert.equal(all.body.events.length, 9);
  const grouped = await server.request('GET', '/almanac/v1/event-list', { query: { ...query, one_per_series: true } });
  assert.deepEqual(
    grouped.body.events.map((e: any) => [e.id, e.start_date]),
    [[made.occurrences[1].id, '2029-05-02 07:00:00']],
  );
  assert.equal(grouped.headers.get('x-tec-total'), '1');
  const both = await server.request('GET', '/almanac/v1/event-list', {
    query: { start_date: '2029-05-01', end_date: '2029-05-31', one_per_series: true },
  });
  assert.deepEqual(
    both.body.events.map((e: any) => e.title).filter((t: string) => ['Daily yoga', 'One-off'].includes(t)),
    ['Daily yoga', 'One-off'],
  );
  assert.ok(both.body.events.some((e: any) => e.id === single.id));
});
