// Repeating events in a real browser (issue 28): "Story time, every Tuesday 10:00" made in the
// editor with Repeat; one Tuesday moved to Wednesday (this event); all changed to 10:30 (the moved
// one keeps its day and time unless asked); this and following with a new title; delete this and
// following; Undo of a series change; a drag of an occurrence asks which events; English and
// Spanish; the Repeat control and the scope question with the keyboard only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { startApp, thisMonth, type App } from './support.ts';

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
