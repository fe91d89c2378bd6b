// Repeating events in a real browser (issue 28): "Story time, every Tuesday 10:00" made in the
// editor with Repeat; one Tuesday moved to Wednesday (this event); all changed to 10:30 (the moved
// one keeps its day and time unless asked); this and following with a new title; delete this and
// following; Undo of a series change; a drag of an occurrence asks which events; English and
// Spanish; the Repeat control and the scope question with the keyboard only.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { axeProblems as scan, editFromCard, startApp, thisMonth, type App } from './support.ts';

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
  // The dialog takes the focus a frame after it is shown: arrows pressed before that went nowhere
  // (this failed once in a full run on a loaded machine).
  await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
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

test('all events to 10:30: the moved one keeps its day and time; Undo puts all back; with the box ticked it keeps its day and gets the new time', async (t) => {
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
  await onDay(page, third, 'Story time').getByText('10am').waitFor();

  // Again, and this time the events changed on their own follow.
  editor = await editFromCard(page, onDay(page, third, 'Story time'));
  await editor.getByLabel('Start', { exact: true }).fill(`${third} 10:30`);
  await editor.getByLabel('Title', { exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await answerScope(page, /^All events$/, { includeDetached: true });
  await editor.waitFor({ state: 'detached' });
  series = await seriesOf(id);
  assert.equal(
    occurrenceOn(series, second).start,
    `${addDays(second, 1)} 10:30:00`,
    'it keeps its Wednesday and gets the new time, as chosen',
  );
  assert.equal(occurrenceOn(series, second).detached, true);
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

/** A series made over HTTP: an event, then its rule. */
async function makeSeries(title: string, start: string, rule: string): Promise<any> {
  const event = await app!.api('POST', 'events', {
    title,
    start_date: `${start} 18:00`,
    end_date: `${start} 19:00`,
    status: 'publish',
  });
  assert.equal(event.status, 201, JSON.stringify(event.body));
  const made = await app!.api('POST', '/almanac/v1/series', { event: event.body.id, rule });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body;
}

async function drag(page: Page, from: Locator, to: Locator) {
  await from.waitFor();
  await to.waitFor();
  const box = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // In steps, as a hand moves: FullCalendar starts a drag after a few pixels.
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('dragging an occurrence asks which events: Cancel puts it back, "All events" moves the series', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const thursday = addDays(TUESDAY, 2);
  const made = await makeSeries('Choir', thursday, 'FREQ=WEEKLY;BYDAY=TH;COUNT=4');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const second = addDays(thursday, 7);
  const cell = (day: string) => page.locator(`[role=cell][data-date="${day}"]`);

  await drag(page, onDay(page, second, 'Choir'), cell(addDays(second, 1)));
  const question = page.getByRole('dialog', { name: 'Save repeating event' });
  await question.waitFor();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await onDay(page, second, 'Choir').waitFor();
  let series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.equal(series.rule, made.rule, 'nothing changed');
  assert.equal(occurrenceOn(series, second).start, `${second} 18:00:00`);

  await drag(page, onDay(page, second, 'Choir'), cell(addDays(second, 1)));
  await answerScope(page, /^All events$/);
  await page.getByText('Moved “Choir”.').waitFor();
  series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.equal(series.rule, 'FREQ=WEEKLY;COUNT=4;BYDAY=FR', 'the weekday moved with the drag');
  assert.equal(series.start, `${addDays(thursday, 1)} 18:00:00`);
  assert.deepEqual(
    series.occurrences.map((o: any) => o.date),
    [0, 7, 14, 21].map((n) => addDays(thursday, n + 1)),
  );
  await onDay(page, addDays(thursday, 22), 'Choir').waitFor();

  // Ctrl+Z undoes the series move as it undoes any move: every occurrence back on Thursday.
  await page
    .locator('.fc')
    .first()
    .click({ position: { x: 5, y: 5 } })
    .catch(() => {});
  await page.keyboard.press('Control+z');
  await page.getByText('Move undone.').waitFor();
  assert.equal(await page.getByText('Moved “Choir”.').count(), 0, 'the notice of the undone move is gone');
  series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.equal(series.rule, made.rule);
  assert.deepEqual(
    series.occurrences.map((o: any) => [o.id, o.date]),
    made.occurrences.map((o: any) => [o.id, o.date]),
  );
  await onDay(page, addDays(thursday, 21), 'Choir').waitFor();
});

test('in Spanish, with the keyboard only: Repeat, the Custom dialog (a problem said at its field) and the scope question', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`, { locale: 'es-ES' });
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  await dialog.getByLabel('Título', { exact: true }).fill('Hora del cuento');
  await dialog.getByLabel('Inicio', { exact: true }).fill(`${TUESDAY} 17:00`);
  await dialog.getByLabel('Fin', { exact: true }).fill(`${TUESDAY} 18:00`);
  await dialog.getByLabel('Título', { exact: true }).click();

  // From here on, the keyboard only.
  const repeat = dialog.getByRole('button', { name: /Repetir/ });
  await repeat.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Todos los martes' }).waitFor();
  await shot(page, 'es-repeat-open');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const custom = page.getByRole('dialog', { name: 'Repetición personalizada' });
  await custom.waitFor();
  const every = custom.getByLabel('Repetir cada');
  assert.ok(await every.evaluate((input) => input === document.activeElement), 'the interval has the focus');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await custom.getByText('Escribe un número entero de 1 a 999.').waitFor();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  // To "Termina": Never → (arrow) After N times; its count; Enter makes the rule.
  const never = custom.getByRole('radio', { name: 'Nunca' });
  await never.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.ok(await custom.getByRole('radio', { name: 'Después de' }).isChecked());
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('6');
  await custom.getByText('Cada dos semanas, los martes, 6 veces').waitFor();
  await shot(page, 'es-custom');
  await page.keyboard.press('Enter');
  await custom.waitFor({ state: 'detached' });
  await repeat.getByText('Cada dos semanas, los martes, 6 veces').waitFor();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
  const made = await eventsTitled('Hora del cuento', TUESDAY);
  assert.equal(made.length, 6);
  const series = await seriesOf(made[0].id);
  assert.equal(series.rule, 'FREQ=WEEKLY;INTERVAL=2;COUNT=6;BYDAY=TU');

  // An occurrence, edited: the scope question in Spanish, answered with the keyboard.
  const editor = await editFromCard(page, onDay(page, addDays(TUESDAY, 14), 'Hora del cuento'));
  await editor.getByLabel('Título', { exact: true }).fill('Hora del cuento infantil');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('dialog', { name: 'Guardar evento periódico' }).waitFor();
  await shot(page, 'es-scope-dialog');
  await answerScope(page, /^Todos los eventos$/);
  await page.getByText('Se cambió el evento periódico «Hora del cuento infantil».').waitFor();
  const renamed = await eventsTitled('Hora del cuento', TUESDAY);
  assert.ok(renamed.every((event) => event.title === 'Hora del cuento infantil'));
  await onDay(page, addDays(TUESDAY, 28), 'Hora del cuento infantil')
    .getByRole('img', { name: 'Evento periódico' })
    .waitFor();
  await shot(page, 'es-month-marks');
});

test("the Custom dialog's end date is typed as people write dates (en-GB: day first), and one it cannot read keeps Done from taking the last one it could", async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`, { locale: 'en-GB' });
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Choir until spring');
  await dialog.getByLabel('Start', { exact: true }).fill(`${TUESDAY} 19:00`);
  await dialog.getByLabel('End', { exact: true }).fill(`${TUESDAY} 20:00`);
  await dialog.getByLabel('Title', { exact: true }).click();
  await dialog.getByRole('button', { name: /Repeat/ }).click();
  await page.getByRole('option', { name: 'Custom…' }).click();
  const custom = page.getByRole('dialog', { name: 'Custom repeat' });
  await custom.getByRole('radio', { name: 'On', exact: true }).check();
  const until = custom.getByLabel('End date', { exact: true });
  // Four weeks after the first Tuesday, written day first as in Britain ("4/2/2027" is 4 February).
  const last = addDays(TUESDAY, 28);
  const [y, m, d] = last.split('-').map(Number) as [number, number, number];
  await until.fill(`${d}/${m}/${y}`);
  await custom.getByText(/until/).waitFor();
  await shot(page, 'en-gb-custom-until');
  // Text that is no date: Done says so at the field instead of taking the date read before.
  await until.fill('someday');
  await until.press('Tab'); // leaving the field says what is wrong with it (and moves Done down a line)
  await custom.getByText('Almanac cannot read this date. Write it like 05/12/2026.').waitFor();
  await custom.getByRole('button', { name: 'Done' }).click();
  await custom.getByText('Enter a date on or after the event’s start.').waitFor();
  await shot(page, 'en-gb-custom-until-bad');
  await until.fill(`${d}/${m}/${y}`);
  await custom.getByRole('button', { name: 'Done' }).click();
  await custom.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const made = await eventsTitled('Choir until spring', TUESDAY);
  assert.equal(made.length, 5, 'five Tuesdays, the last on the end date');
  const series = await seriesOf(made[0].id);
  assert.match(series.rule, new RegExp(`UNTIL=${last.replaceAll('-', '')}`));
});

test('when the series step fails, Repeat says so, the form stays, and Save again makes no second event', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const day = addDays(TUESDAY, 3);
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  // The service cannot be reached for the series step only (as when it is restarting).
  await page.route('**/almanac/v1/series', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Book club');
  await dialog.getByLabel('Start', { exact: true }).fill(`${day} 19:00`);
  await dialog.getByLabel('End', { exact: true }).fill(`${day} 20:00`);
  await dialog.getByLabel('Title', { exact: true }).click();
  await dialog.getByRole('button', { name: /Repeat/ }).click();
  await page.getByRole('option', { name: 'Every Friday' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText(/The event was saved, but could not be made to repeat/).waitFor();
  await shot(page, 'en-series-step-failed');
  assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'Book club', 'the form is kept');
  assert.equal((await eventsTitled('Book club', TUESDAY)).length, 1, 'the event itself was saved');

  await page.unroute('**/almanac/v1/series');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const events = await eventsTitled('Book club', TUESDAY);
  assert.ok(events.length >= 4, `a series now: ${events.length}`);
  const series = await seriesOf(events[0].id);
  assert.equal(series.rule, 'FREQ=WEEKLY;BYDAY=FR');
  assert.equal(
    events.filter((event) => event.start_date.startsWith(day)).length,
    1,
    'no second event on the first date',
  );
});

/** The words the axe walk looks for, in each language. */
const WORDS = {
  en: {
    mark: 'Repeating event',
    repeat: /Repeat/,
    custom: 'Custom…',
    customTitle: 'Custom repeat',
    on: 'On',
    cancel: 'Cancel',
    title: 'Title',
    save: 'Save',
    question: 'Save repeating event',
    all: 'All events',
  },
  es: {
    mark: 'Evento periódico',
    repeat: /Repetir/,
    custom: 'Personalizar…',
    customTitle: 'Repetición personalizada',
    on: 'El',
    cancel: 'Cancelar',
    title: 'Título',
    save: 'Guardar',
    question: 'Guardar evento periódico',
    all: 'Todos los eventos',
  },
};

test('axe-core: the editor with Repeat open, the Custom dialog, the scope question and the marks, light and dark, English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const made = await makeSeries('Market', addDays(TUESDAY, 4), 'FREQ=WEEKLY;BYDAY=SA;COUNT=3');
  const problems: string[] = [];
  for (const [scheme, language] of [
    ['light', 'en'],
    ['dark', 'en'],
    ['dark', 'es'],
  ] as const) {
    const w = WORDS[language];
    const name = `${scheme} ${language}`;
    const page = await app.signedInPage(`#/calendar?view=week&date=${addDays(TUESDAY, 4)}`, {
      locale: language === 'es' ? 'es-MX' : 'en-US',
    });
    await page.emulateMedia({ colorScheme: scheme });
    // The mark in the week grid, the day grid and the list.
    for (const view of ['week', 'day', 'list'] as const) {
      await page.evaluate(
        (hash) => (window.location.hash = hash),
        `#/calendar?view=${view}&date=${addDays(TUESDAY, 4)}`,
      );
      const entry = page.locator('.calendar-event', { hasText: 'Market' }).first();
      await entry.getByRole('img', { name: w.mark }).waitFor();
      problems.push(...(await scan(page, `${name} ${view}`)));
    }
    await shot(page, `${scheme}-${language}-list-marks`);
    const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Market' }).first());
    const repeat = editor.getByRole('button', { name: w.repeat });
    await repeat.click();
    await page.getByRole('option', { name: w.custom }).waitFor();
    problems.push(...(await scan(page, `${name} editor, Repeat open`)));
    await page.getByRole('option', { name: w.custom }).click();
    const custom = page.getByRole('dialog', { name: w.customTitle });
    await custom.waitFor();
    await custom.getByRole('radio', { name: w.on, exact: true }).check();
    problems.push(...(await scan(page, `${name} Custom dialog`)));
    await shot(page, `${scheme}-${language}-custom`);
    await custom.getByRole('button', { name: w.cancel }).click();
    await editor.getByLabel(w.title, { exact: true }).fill('Market day');
    await editor.getByRole('button', { name: w.save }).click();
    const question = page.getByRole('dialog', { name: w.question });
    await question.getByRole('radio', { name: w.all }).check();
    problems.push(...(await scan(page, `${name} scope question`)));
    await shot(page, `${scheme}-${language}-scope`);
    await question.getByRole('button', { name: w.cancel }).click();
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(problems, []);
  assert.equal((await app.api('GET', `/almanac/v1/series/${made.id}`)).body.occurrences.length, 3);
});

test('a resize of an occurrence asks too; a new rule for an occurrence offers only this and following or all', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const sunday = addDays(TUESDAY, 5);
  const made = await makeSeries('Yoga', sunday, 'FREQ=WEEKLY;BYDAY=SU;COUNT=3');
  const page = await app.signedInPage(`#/calendar?view=week&date=${addDays(sunday, 7)}`);
  const entry = page
    .locator('.calendar-event', { hasText: 'Yoga' })
    .first()
    .locator('xpath=ancestor::*[contains(@class, "fc-")][1]');
  await entry.waitFor();
  await entry.scrollIntoViewIfNeeded();
  const box = (await entry.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 2, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 2, { steps: 12 });
  await page.mouse.up();
  await answerScope(page, /^This event$/);
  await page.getByText('Resized “Yoga”.').waitFor();
  let series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  const second = occurrenceOn(series, addDays(sunday, 7));
  assert.equal(second.detached, true);
  assert.ok(second.end > `${addDays(sunday, 7)} 19:00:00`, `longer: ${second.end}`);
  assert.equal(occurrenceOn(series, addDays(sunday, 14)).end, `${addDays(sunday, 14)} 19:00:00`);

  // A new rule from an occurrence: no "This event".
  await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=month&date=${sunday}`);
  const editor = await editFromCard(page, onDay(page, addDays(sunday, 14), 'Yoga'));
  await editor.getByRole('button', { name: /Repeat/ }).click();
  await page.getByRole('option', { name: 'Every day' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('dialog', { name: 'Save repeating event' });
  await question.waitFor();
  assert.equal(await question.getByRole('radio').count(), 2);
  assert.equal(await question.getByRole('radio', { name: 'This event', exact: true }).count(), 0);
  await question.getByRole('radio', { name: 'This and following events' }).waitFor();
  await answerScope(page, /^This and following events$/);
  await editor.waitFor({ state: 'detached' });
  series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.match(series.rule, /^FREQ=WEEKLY;UNTIL=/, 'the first part keeps its rule and ends');
  const later = await seriesOf(
    occurrenceOn(series, addDays(sunday, 14))?.id ?? (await eventsTitled('Yoga', addDays(sunday, 14)))[0].id,
  );
  assert.equal(later.rule, 'FREQ=DAILY');
});

test('Delete in the editor of an occurrence asks which events; all of them go to the trash and Undo brings them back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const wednesday = addDays(TUESDAY, 1);
  const made = await makeSeries('Quiz night', wednesday, 'FREQ=WEEKLY;BYDAY=WE;COUNT=3');
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const editor = await editFromCard(page, onDay(page, addDays(wednesday, 7), 'Quiz night'));
  await editor.getByRole('button', { name: 'Delete' }).click();
  await answerScope(page, /^All events$/);
  await editor.waitFor({ state: 'detached' });
  let series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.equal(series.status, 'trash');
  await onDay(page, wednesday, 'Quiz night').waitFor({ state: 'detached' });

  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Change undone.').waitFor();
  series = (await app.api('GET', `/almanac/v1/series/${made.id}`)).body;
  assert.equal(series.status, 'active');
  assert.deepEqual(
    series.occurrences.map((o: any) => [o.id, o.status]),
    made.occurrences.map((o: any) => [o.id, 'publish']),
    'the same events, ids and all',
  );
  await onDay(page, addDays(wednesday, 14), 'Quiz night').waitFor();
});

test('an existing single event starts repeating from its editor, without the scope question', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const monday = addDays(TUESDAY, 6);
  const single = await app.api('POST', 'events', {
    title: 'Open mic',
    start_date: `${monday} 20:00`,
    end_date: `${monday} 22:00`,
    status: 'publish',
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${TUESDAY}`);
  const editor = await editFromCard(page, onDay(page, monday, 'Open mic'));
  await editor.getByRole('button', { name: /Repeat/ }).click();
  await page.getByRole('option', { name: 'Every Monday' }).click();
  await editor.getByLabel('Title', { exact: true }).fill('Open mic night');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const series = await seriesOf(single.body.id);
  assert.equal(series.rule, 'FREQ=WEEKLY;BYDAY=MO');
  assert.equal(series.first, single.body.id, 'the event is the first occurrence');
  assert.ok(series.occurrences.length > 4);
  await onDay(page, addDays(monday, 7), 'Open mic night').getByRole('img', { name: 'Repeating event' }).waitFor();
});
