// "Does not repeat" for an occurrence of a repeating event (issue 36: its Repeat list had no such
// choice). Chosen and saved, it asks "this and following" or "all events" (never "this event": the
// rule is the series'), keeps the occurrence as a single event with the editor's other changes, and
// the notice's Undo puts everything back.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { editFromCard, startApp, type App } from './support.ts';

let app: App | undefined;
let made: { id: number; occurrences: { id: number; date: string }[] };
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  const first = await app.api('POST', 'events', {
    title: 'Choir',
    start_date: '2027-03-02 18:00',
    end_date: '2027-03-02 19:30',
  });
  made = (await app.api('POST', '/almanac/v1/series', { event: first.body.id, rule: 'FREQ=WEEKLY;COUNT=5' })).body;
});
after(() => app?.close());

test('an occurrence chosen "Does not repeat": this and following stop, it stays single with its changes; Undo brings all back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const third = made.occurrences[2]!;
  const page = await app.signedInPage(`#/calendar?view=week&date=${third.date}`);
  const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Choir' }).first());
  await editor.getByLabel('Title', { exact: true }).fill('Choir (last one)');
  await editor.getByRole('button', { name: /Repeat/ }).click();
  await page.getByRole('option', { name: 'Does not repeat' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  const scope = page.getByRole('dialog', { name: /repeating event/ });
  await scope.waitFor();
  // A rule is the series': no "This event".
  assert.equal(await scope.getByRole('radio', { name: /^This event$/ }).count(), 0);
  await scope.getByRole('radio', { name: /^This and following events$/ }).check();
  await scope.getByRole('button', { name: 'OK' }).click();
  await page.getByText('“Choir (last one)” no longer repeats.').waitFor();
  await editor.waitFor({ state: 'detached' });

  const kept = (await app.api('GET', `events/${third.id}`)).body;
  assert.equal(kept.title, 'Choir (last one)');
  assert.equal(kept.status, 'publish');
  const series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.deepEqual(
    series.occurrences.map((o: { id: number }) => o.id),
    made.occurrences.slice(0, 2).map((o) => o.id),
  );
  const later = made.occurrences.slice(3).map((o) => o.id);
  const trash = (await app.api('GET', '/almanac/v1/trash?type=events')).body.items.map(
    (item: { id: number }) => item.id,
  );
  assert.deepEqual(
    later.filter((id) => trash.includes(id)),
    later,
    'the later ones are in the trash',
  );

  // Undo: the series and its five occurrences as they were, the title too.
  await page.locator('.notices').getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Change undone.').waitFor();
  const back = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.deepEqual(
    back.occurrences.map((o: { id: number }) => o.id),
    made.occurrences.map((o) => o.id),
  );
  assert.equal((await app.api('GET', `events/${third.id}`)).body.title, 'Choir');
  await page.close();
});
