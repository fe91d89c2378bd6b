// Repeating events in a real browser (issue 28): "Story time, every Tuesday 10:00" made in the
// editor with Repeat; one Tuesday moved to Wednesday (this event); all changed to 10:30 (the moved
// one keeps its day and time unless asked); this and following with a new title; delete this and
// following; Undo of a series change; a drag of an occurrence asks which events; English and
// Spanish; the Repeat control and the scope question with the keyboard only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { editFromCard, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

/** Screenshots to look at (SHOTS=dir); none unless asked. */
const SHOTS = process.env.SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The first Tuesday of the month after this one (a month the calendar can show whole). */
function firstTuesdayNextMonth(): string {
  const [y, m] = thisMonth().split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  while (first.getUTCDay() !== 2) first.setUTCDate(first.getUTCDate() + 1);
  return first.toISOString().slice(0, 10);
}
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function seriesOf(id: number): Promise<any> {
  const feed = await app!.api('GET', `/almanac/v1/event-feed?include=${id}`);
  const seriesId = feed.body.events[0]?.series;
  if (typeof seriesId !== 'number') return null;
  return (await app!.api('GET', `/almanac/v1/series/${seriesId}`)).body;
}

async function eventsTitled(title: string, from: string): Promise<any[]> {
  const list = await app!.api('GET', `events?start_date=${from}&per_page=50&search=${encodeURIComponent(title)}`);
  return list.body.events ?? [];
}

/** The calendar's entry of an event on a day (the month view). */
const onDay = (page: Page, day: string, title: string): Locator =>
  page.locator(`[role=cell][data-date="${day}"] .calendar-event`, { hasText: title }).first();

test('make "Story time, every Tuesday 10:00" with Repeat in the editor; the month marks each occurrence', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const tuesday = firstTuesdayNextMonth();
  const page = await app.signedInPage(`#/calendar?view=month&date=${tuesday}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Story time');
  await dialog.getByLabel('Start', { exact: true }).fill(`${tuesday} 10:00`);
  await dialog.getByLabel('End', { exact: true }).fill(`${tuesday} 11:00`);
  await dialog.getByLabel('Title', { exact: true }).click();
  await dialog.getByRole('button', { name: /Repeat/ }).click();
  await shot(page, 'en-repeat-open');
  await page.getByRole('option', { name: 'Every Tuesday' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });

  const made = await eventsTitled('Story time', tuesday);
  assert.ok(made.length >= 4, `occurrences: ${made.length}`);
  const series = await seriesOf(made[0].id);
  assert.equal(series.rule, 'FREQ=WEEKLY;BYDAY=TU');
  assert.equal(series.start, `${tuesday} 10:00:00`);
  assert.equal(series.description.en, 'Every Tuesday');

  const entry = onDay(page, addDays(tuesday, 7), 'Story time');
  await entry.waitFor();
  assert.equal(await entry.getByRole('img', { name: 'Repeating event' }).count(), 1);
  await shot(page, 'en-month-marks');
  // The card says the rule in words.
  await entry.click();
  const card = page.getByRole('dialog', { name: 'Story time' });
  await card.getByText('Every Tuesday').waitFor();
  await shot(page, 'en-card');
  await page.keyboard.press('Escape');
});

const TUESDAY = firstTuesdayNextMonth();
/** The occurrence of the series on a date. */
const occurrenceOn = (series: any, date: string) => series.occurrences.find((o: any) => o.date === date);

/** Answers the scope question with the keyboard: arrows to the choice, Enter. */
async function answerScope(page: Page, choice: RegExp, options: { includeDetached?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: /repeating event|evento periódico/ });
  await dialog.waitFor();
  for (let i = 0; i < 3; i++) {
    if (await dialog.getByRole('radio', { name: choice }).isChecked()) break;
    await page.keyboard.press('ArrowDown');
  }
  assert.ok(await dialog.getByRole('radio', { name: choice }).isChecked(), `${choice} chosen with the arrows`);
  if (options.includeDetached) {
    await dialog.locator('label', { hasText: /edited on their own|editados por separado/ }).click();
    await dialog.getByRole('radio', { name: choice }).focus();
  }
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

test('move one Tuesday to Wednesday: "This event" — it becomes an exception', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const second = addDays(TUESDAY, 7);
  const editor = await editFromCard(page, onDay(page, second, 'Story time'));
  await editor.getByLabel('Start', { exact: true }).fill(`${addDays(second, 1)} 10:00`);
  await editor.getByLabel('Title', { exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await shot(page, 'en-scope-dialog');
  await answerScope(page, /^This event$/);
  await editor.waitFor({ state: 'detached' });
  const made = await eventsTitled('Story time', TUESDAY);
  const series = await seriesOf(made[0].id);
  const moved = occurrenceOn(series, second);
  assert.equal(moved.start, `${addDays(second, 1)} 10:00:00`);
  assert.equal(moved.detached, true);
  await onDay(page, addDays(second, 1), 'Story time').waitFor();
});

test('all events to 10:30: the moved one keeps its day and time; Undo puts all back; with the box ticked it follows', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const third = addDays(TUESDAY, 14);
  const second = addDays(TUESDAY, 7);
  const id = (await eventsTitled('Story time', TUESDAY))[0].id;

  let editor = await editFromCard(page, onDay(page, third, 'Story time'));
  await editor.getByLabel('Start', { exact: true }).fill(`${third} 10:30`);
  await editor.getByLabel('Title', { exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerScope(page, /^All events$/);
  await editor.waitFor({ state: 'detached' });
  let series = await seriesOf(id);
  assert.equal(series.start, `${TUESDAY} 10:30:00`, 'the series starts at 10:30 on its first date');
  assert.equal(occurrenceOn(series, third).start, `${third} 10:30:00`);
  assert.equal(occurrenceOn(series, second).start, `${addDays(second, 1)} 10:00:00`, 'the moved one stays');

  // Undo, from the notice.
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Change undone.').waitFor();
  series = await seriesOf(id);
  assert.equal(series.start, `${TUESDAY} 10:00:00`, 'undone');
  assert.equal(occurrenceOn(series, third).start, `${third} 10:00:00`);
  await onDay(page, third, 'Story time').getByText('10 AM').waitFor();

  // Again, and this time the events changed on their own follow.
  editor = await editFromCard(page, onDay(page, third, 'Story time'));
  await editor.getByLabel('Start', { exact: true }).fill(`${third} 10:30`);
  await editor.getByLabel('Title', { exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerScope(page, /^All events$/, { includeDetached: true });
  await editor.waitFor({ state: 'detached' });
  series = await seriesOf(id);
  assert.equal(occurrenceOn(series, second).start, `${second} 10:30:00`, 'back on its Tuesday, at 10:30');
  assert.equal(occurrenceOn(series, second).detached, false);
});

test('this and following with a new title splits the series; delete this and following from the card', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const fourth = addDays(TUESDAY, 21);
  const id = (await eventsTitled('Story time', TUESDAY))[0].id;
  const editor = await editFromCard(page, onDay(page, fourth, 'Story time'));
  await editor.getByLabel('Title', { exact: true }).fill('Story time (winter)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerScope(page, /^This and following events$/);
  await editor.waitFor({ state: 'detached' });
  const before = await seriesOf(id);
  assert.match(before.rule, /UNTIL=/, 'the first series now ends before the split');
  assert.ok(before.occurrences.every((o: any) => o.date < fourth));
  const later = await seriesOf(occurrenceOn(await seriesOf((await eventsTitled('winter', TUESDAY))[0].id), fourth).id);
  assert.equal(later.first, later.occurrences[0].id);
  const titles = await eventsTitled('Story time', TUESDAY);
  for (const event of titles)
    assert.equal(event.title, event.start_date.slice(0, 10) >= fourth ? 'Story time (winter)' : 'Story time');

  // Delete this and following, from the card of the fifth Tuesday.
  const fifth = addDays(TUESDAY, 28);
  await onDay(page, fifth, 'Story time (winter)').click();
  const card = page.getByRole('dialog', { name: 'Story time (winter)' });
  await card.getByRole('button', { name: 'Delete' }).click();
  await shot(page, 'en-scope-delete');
  await answerScope(page, /^This and following events$/);
  await page.getByText('Moved the repeating event “Story time (winter)” to the trash.').waitFor();
  const rest = await seriesOf(occurrenceOn(later, fourth).id);
  assert.deepEqual(
    rest.occurrences.filter((o: any) => o.status !== 'trash').map((o: any) => o.date),
    [fourth],
  );
  await onDay(page, fifth, 'Story time (winter)').waitFor({ state: 'detached' });
});
