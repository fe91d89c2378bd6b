// Dates as people type them in the event editor (issue 29, defect 4): the UI's locale decides the
// order (es and en-GB day first, en-US month first), ISO always works, written forms work, the
// field says back what it understood before saving, an entry the locale cannot read is questioned
// (never guessed), End keeps the length when Start moves, and a list of times in 15-minute steps.
// Each checked through the API: what was saved is what was meant.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never, { timezone: 'Europe/Berlin' });
});
after(() => app?.close());

const NAMES = {
  'en-US': { dialog: 'New event', title: 'Title', start: 'Start', end: 'End', save: 'Save', reads: 'Reads as:' },
  'en-GB': { dialog: 'New event', title: 'Title', start: 'Start', end: 'End', save: 'Save', reads: 'Reads as:' },
  'es-ES': { dialog: 'Nuevo evento', title: 'Título', start: 'Inicio', end: 'Fin', save: 'Guardar', reads: 'Se lee:' },
} as const;
type Locale = keyof typeof NAMES;

async function newEvent(page: Page, locale: Locale): Promise<Locator> {
  await page.getByRole('button', { name: NAMES[locale].dialog }).click();
  return page.getByRole('dialog', { name: NAMES[locale].dialog });
}

const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });
/** The say-back line of a date field: what it understood. */
const reading = async (input: Locator) =>
  input.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
  });

async function saved(title: string) {
  const list = await app!.api(
    'GET',
    `events?start_date=2026-01-01&end_date=2028-12-31&search=${encodeURIComponent(title)}`,
  );
  return list.body.events[0];
}

for (const [locale, typed, readsAs] of [
  ['es-ES', '5/12/2026 19:30', /sáb, 5 dic 2026, 19:30/],
  ['en-GB', '05/12/2026 19:30', /Sat,? 5 Dec 2026,? 19:30/],
  ['en-US', '12/5/2026 7:30 PM', /Sat, Dec 5, 2026, 7:30\sPM/],
] as const) {
  test(`${locale}: "${typed}" is 5 December, said back before saving; End keeps the length`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage('#/calendar', { locale });
    const dialog = await newEvent(page, locale);
    const names = NAMES[locale];
    await field(dialog, names.title).fill(`Dated ${locale}`);
    const start = field(dialog, names.start);
    const end = field(dialog, names.end);
    const lengthBefore = await end.inputValue();
    assert.ok(lengthBefore !== '');
    await start.fill(typed);
    assert.match(await reading(start), readsAs, 'said back as typed');
    assert.match(await reading(start), new RegExp(names.reads));
    // A new event is one hour long: End followed Start.
    assert.match(
      await reading(end),
      locale === 'en-US' ? /Dec 5, 2026, 8:30\sPM/ : /5 dic 2026, 20:30|5 Dec 2026,? 20:30/,
    );
    await dialog.getByRole('button', { name: names.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const event = await saved(`Dated ${locale}`);
    assert.equal(event.start_date, '2026-12-05 19:30:00');
    assert.equal(event.end_date, '2026-12-05 20:30:00');
  });
}

test('ISO always works, and written forms in English and Spanish: "Dec 5 2026 7:30pm", "5 dic 2026 19:30", "5.12.2026"', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  for (const [locale, typed, expected] of [
    ['en-US', '2026-12-05 19:30', '2026-12-05 19:30:00'],
    ['es-ES', '2026-12-05 19:30', '2026-12-05 19:30:00'],
    ['en-US', 'Dec 5 2026 7:30pm', '2026-12-05 19:30:00'],
    ['es-ES', '5 dic 2026 19:30', '2026-12-05 19:30:00'],
    ['en-US', '5.12.2026 19:30', '2026-12-05 19:30:00'],
  ] as const) {
    const page = await app.signedInPage('#/calendar', { locale });
    const dialog = await newEvent(page, locale);
    const names = NAMES[locale];
    const title = `Written ${locale} ${typed}`;
    await field(dialog, names.title).fill(title);
    await field(dialog, names.start).fill(typed);
    await dialog.getByRole('button', { name: names.save }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await saved(title)).start_date, expected, `${locale}: ${typed}`);
    await page.close();
  }
});

test('an entry the locale cannot read is asked about, never guessed; nothing is saved until it is answered', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/calendar', { locale: 'en-US' });
  const dialog = await newEvent(page, 'en-US');
  await field(dialog, 'Title').fill('Questioned');
  const start = field(dialog, 'Start');
  // Month 25 does not exist: in en-US this is not a date, but day-first it is 25 December.
  await start.fill('25/12/2026 18:00');
  const question = dialog.getByRole('group', { name: 'Start' });
  await question.getByText(/Did you mean Fri, Dec 25, 2026, 6:00\sPM\?/).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Say which date you mean: answer the question under the field.').waitFor();
  assert.equal(await start.getAttribute('aria-invalid'), 'true');
  assert.equal(await saved('Questioned'), undefined, 'nothing written');
  await question.getByRole('button', { name: 'Yes' }).click();
  assert.equal(await start.inputValue(), '12/25/2026 6:00 PM', 'shown the locale’s way once answered');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await saved('Questioned')).start_date, '2026-12-25 18:00:00');

  // Nonsense is refused at the field, in words, and not sent.
  const again = await newEvent(page, 'en-US');
  await field(again, 'Title').fill('Nonsense');
  await field(again, 'Start').fill('next blursday');
  await again.getByRole('button', { name: 'Save' }).click();
  await again.getByText('Almanac cannot read this date.').waitFor();
  assert.equal(await saved('Nonsense'), undefined);
});

test('the list of times: 15-minute steps, End’s with the length from Start; a time alone keeps the date', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/calendar', { locale: 'es-ES' });
  const dialog = await newEvent(page, 'es-ES');
  await field(dialog, 'Título').fill('Timed from the list');
  await field(dialog, 'Inicio').fill('5/12/2026 18:00');
  await dialog.getByRole('button', { name: 'Elegir una hora para Fin' }).click();
  const list = page.getByRole('listbox', { name: 'Elegir una hora para Fin' });
  const options = await list.getByRole('option').allTextContents();
  assert.equal(options.length, 96, 'every quarter hour of the day');
  assert.match(options[1]!, /^0:15/);
  await list.getByRole('option', { name: /^20:15 \(2 h 15 min\)$/ }).click();
  assert.equal(await field(dialog, 'Fin').inputValue(), '5/12/2026 20:15');
  // A time alone keeps the date.
  await field(dialog, 'Inicio').fill('19:00');
  assert.match(await reading(field(dialog, 'Inicio')), /sáb, 5 dic 2026, 19:00/);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
  const event = await saved('Timed from the list');
  assert.equal(event.start_date, '2026-12-05 19:00:00');
  assert.equal(event.end_date, '2026-12-05 21:15:00', 'End moved with Start, keeping 2 h 15 min');
});
