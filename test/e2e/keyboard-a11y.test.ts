// The keyboard and accessibility: the whole create–edit–delete flow with the keyboard only, and an
// axe-core scan of every main screen (and the open editor) with no serious or critical violation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';
import { seedDemo } from '../../scripts/ui/demo-data.ts';
import { scan } from './helpers/axe.ts';

/** A file whose preview shows every kind of note and both kinds of related item (demo data's venue and organizer). */
const PREVIEW_FILE = [
  'BEGIN:VCALENDAR',
  'BEGIN:VEVENT',
  'UID:a11y-1',
  'SUMMARY:Late set',
  'DTSTART:20270305T190000Z',
  'LOCATION:Blue Note Hall',
  'ORGANIZER;CN=Alice:mailto:alice@example.org',
  'CATEGORIES:Brand new category',
  'URL:/relative',
  'RRULE:FREQ=WEEKLY;COUNT=3;UNTL=2027',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:a11y-2',
  'DTSTART:Next Year',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
  if (app) await seedDemo((method, path, body) => app!.api(method, path, body).then((answer) => answer.body), month);
});
after(() => app?.close());

/** Presses Tab until the focused element matches; fails after `limit` presses. */
async function tabTo(
  page: Page,
  matches: (element: { role: string | null; name: string; tag: string }) => boolean,
  limit = 60,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        role: element?.getAttribute('role') ?? null,
        name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
        tag: element?.tagName.toLowerCase() ?? '',
      };
    });
    if (matches(focused)) return;
  }
  throw new Error('the element was never reached with Tab');
}

test('create, edit and delete an event with the keyboard only', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  await page.locator('body').focus();
  await tabTo(page, (element) => element.name === 'New event');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.waitFor();
  await page.keyboard.type('Keyboard concert'); // the title has the focus
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${dayOf(month, 16)} 18:00`);
  await tabTo(page, (element) => element.tag === 'input' && element.role === 'combobox' && false, 0).catch(() => {});
  // To the End field, then the venue, creating one from the keyboard.
  await page.keyboard.press('Tab'); // Start's list of times
  await page.keyboard.press('Tab'); // Start's calendar
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${dayOf(month, 16)} 20:00`);
  await page.getByRole('combobox', { name: 'Venue', exact: true }).focus();
  await page.keyboard.type('Keyboard Hall');
  await page.getByRole('option', { name: /Create “Keyboard Hall”/ }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('City', { exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Title', exact: true }).focus();
  await page.keyboard.press('Enter'); // Enter in a field saves
  await dialog.waitFor({ state: 'detached' });
  const created = (await app.api('GET', `events?start_date=${month}-01&search=Keyboard`)).body.events[0];
  assert.equal(created.title, 'Keyboard concert');
  assert.equal(created.start_date, `${dayOf(month, 16)} 18:00:00`);
  assert.equal(created.venue.venue, 'Keyboard Hall');

  // Edit from the events list: arrows to the row, Enter opens its card, whose Edit has the focus.
  await page.evaluate((hash) => (window.location.hash = hash), `#/events?from=${month}-01&search=Keyboard`);
  await page.getByRole('grid', { name: 'Events list' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await tabTo(page, (element) => element.role === 'row' || element.role === 'rowheader' || element.role === 'gridcell');
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Keyboard concert' });
  await card.getByRole('button', { name: 'Edit' }).and(page.locator(':focus')).waitFor();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Edit event' });
  await editor.waitFor();
  // The dialog opens at once and shows a spinner until the event has loaded; the title takes the
  // focus only then (typing earlier would land nowhere — CI once caught exactly that race).
  const titleField = editor.getByRole('textbox', { name: 'Title', exact: true });
  await titleField.and(page.locator(':focus')).waitFor();
  assert.equal(await titleField.inputValue(), 'Keyboard concert');
  await page.keyboard.press('ControlOrMeta+a'); // the title has the focus
  await page.keyboard.type('Keyboard concert (edited)');
  await page.keyboard.press('Enter');
  await editor.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', `events/${created.id}`)).body.title, 'Keyboard concert (edited)');

  // Delete: Tab to Delete, Enter; the confirmation's safe choice has the focus, Tab to Delete.
  await page
    .getByRole('grid', { name: 'Events list' })
    .getByRole('row', { name: /Keyboard concert/ })
    .waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await tabTo(page, (element) => element.role === 'row' || element.role === 'rowheader' || element.role === 'gridcell');
  await page.keyboard.press('Enter');
  await page
    .getByRole('dialog', { name: 'Keyboard concert (edited)' })
    .getByRole('button', { name: 'Edit' })
    .and(page.locator(':focus'))
    .waitFor();
  await page.keyboard.press('Enter');
  await editor.waitFor();
  await tabTo(page, (element) => element.name === 'Delete');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Move this event to the trash?' });
  await confirm.waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', `events/${created.id}`)).body.code, 'event-no-longer-available');
});

test('axe-core finds no serious or critical violation on any main screen, in light and dark, English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const problems: string[] = [];
  for (const [scheme, locale] of [
    ['light', 'en-US'],
    ['dark', 'en-US'],
    ['light', 'es-MX'],
    ['dark', 'es-MX'],
  ] as const) {
    const page = await app.signedInPage('', { locale });
    await page.emulateMedia({ colorScheme: scheme });
    const screens: [string, string, () => Promise<unknown>][] = [
      [
        'calendar month',
        `#/calendar?view=month&date=${dayOf(month, 15)}`,
        () => page.locator('.calendar-event').first().waitFor(),
      ],
      [
        'calendar week',
        `#/calendar?view=week&date=${dayOf(month, 15)}`,
        () => page.locator('.calendar-event').first().waitFor(),
      ],
      [
        'calendar list',
        `#/calendar?view=list&date=${dayOf(month, 15)}`,
        () => page.locator('.calendar-event').first().waitFor(),
      ],
      ['events', `#/events?from=${month}-01`, () => page.getByRole('grid').waitFor()],
      ['venues', '#/venues', () => page.getByRole('grid').waitFor()],
      ['organizers', '#/organizers', () => page.getByRole('grid').waitFor()],
      ['categories', '#/categories', () => page.getByRole('grid').waitFor()],
      ['tags', '#/tags', () => page.getByRole('grid').waitFor()],
      ['trash', '#/trash', () => page.getByRole('tablist').waitFor()],
      ['settings', '#/settings', () => page.locator('#settings-backups').waitFor()],
      [
        'api docs',
        '#/api',
        () =>
          page
            .getByRole('heading', { name: /svc\/events\/v1/ })
            .first()
            .waitFor(),
      ],
    ];
    for (const [name, hash, ready] of screens) {
      await page.evaluate((target) => (window.location.hash = target), hash);
      await ready();
      // Scanned at rest: nothing loading, no transition half-way.
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .is-stale'));
      problems.push(...(await scan(page, `${scheme} ${locale} ${name}`)));
    }
    await page.evaluate((target) => (window.location.hash = target), `#/calendar?view=month&date=${dayOf(month, 15)}`);
    // The event card, then its editor.
    await page.locator('.calendar-event', { hasText: 'Jazz night' }).first().click();
    await page
      .getByRole('dialog', { name: 'Jazz night' })
      .getByRole('button', { name: /^(Edit|Editar)$/ })
      .waitFor();
    problems.push(...(await scan(page, `${scheme} ${locale} event card`)));
    await page
      .getByRole('dialog', { name: 'Jazz night' })
      .getByRole('button', { name: /^(Edit|Editar)$/ })
      .click();
    await page.getByRole('dialog').locator('input').first().waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[role=dialog] input')?.value !== '');
    problems.push(...(await scan(page, `${scheme} ${locale} event editor`)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The calendar-file dialogs: Import (the file chooser) and Export → Subscribe.
    await page.getByRole('button', { name: /^(Import|Importar)$/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Choose a file|Elegir un archivo/ })
      .waitFor();
    problems.push(...(await scan(page, `${scheme} ${locale} import dialog`)));
    // Its preview: notes, and a venue and organizer already in the calendar beside new ones.
    await page
      .getByRole('dialog')
      .locator('input[type=file]')
      .setInputFiles({ name: 'preview.ics', mimeType: 'text/calendar', buffer: Buffer.from(PREVIEW_FILE) });
    await page.getByRole('dialog').locator('.import-related').first().waitFor();
    problems.push(...(await scan(page, `${scheme} ${locale} import preview`)));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^(Export|Exportar)$/ }).click();
    await page.getByRole('menuitem', { name: /Subscribe|Suscribirse/ }).click();
    await page.getByRole('dialog').locator('input').first().waitFor();
    problems.push(...(await scan(page, `${scheme} ${locale} subscribe dialog`)));
  }
  const signedOut = await app.anonymousPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  await signedOut.locator('.calendar-event').first().waitFor();
  problems.push(...(await scan(signedOut, 'signed-out calendar')));
  assert.deepEqual(problems, []);
});

test('Tab goes through the month grid in reading order: day by day, top to bottom within a day', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  // Multi-day, all-day and late events, which FullCalendar stacks above a day's others, and a busy
  // day with its "+N more", besides the demo month; in English (Sunday first) and Spanish (Monday).
  for (const event of [
    { title: 'Fair (three days)', start_date: dayOf(month, 4), end_date: dayOf(month, 6), all_day: true },
    { title: 'Night shift', start_date: `${dayOf(month, 9)} 23:00`, end_date: `${dayOf(month, 10)} 02:00` },
    ...Array.from({ length: 6 }, (_, i) => ({
      title: `Stand-up ${i + 1}`,
      start_date: `${dayOf(month, 17)} 0${i + 1}:00`,
      end_date: `${dayOf(month, 17)} 0${i + 1}:30`,
    })),
  ])
    assert.equal((await app.api('POST', 'events', { ...event, status: 'publish' })).status, 201);
  for (const locale of ['en-US', 'es-ES']) {
    const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`, { locale });
    await page.locator('.calendar-frame[aria-busy="false"] .calendar-event', { hasText: 'Stand-up 1' }).waitFor();
    const stops = await page.locator('.calendar-frame a[href], .calendar-frame [tabindex="0"]').count();
    await page.getByRole('button', { name: /^(New event|Nuevo evento)$/ }).focus();
    const seen: { date: string; y: number; label: string }[] = [];
    for (let i = 0; i < stops + 5; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const day = element.closest('[data-date]')?.getAttribute('data-date');
        const label = (element.textContent ?? '').trim();
        return day ? { date: day, y: Math.round(element.getBoundingClientRect().y), label } : null;
      });
      if (!stop) break;
      seen.push(stop);
    }
    assert.ok(seen.length >= 10, `${locale}: Tab reached ${seen.length} events of the grid`);
    for (let i = 1; i < seen.length; i++) {
      const [before, after] = [seen[i - 1]!, seen[i]!];
      assert.ok(
        after.date > before.date || (after.date === before.date && after.y > before.y),
        `${locale}: Tab went from “${before.label}” (${before.date}) to “${after.label}” (${after.date}), out of reading order`,
      );
    }
    await page.close();
  }
});
