// The event card (issue 29): a click on an event opens a compact card — when in words, with the
// event's own zone beside the site's when they differ, venue, organizers, categories, cost, the
// start of the description — with Edit, Duplicate, Delete (Undo in its notice), Download .ics and
// Copy link; visitors get it without the editing actions, and see venues, organizers and terms
// read-only. Duplicate for venues and organizers too. In English and Spanish, by mouse and keyboard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
let ids: { venue: number; organizer: number; category: number; event: number; zoned: number };
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  const venue = (await app.api('POST', 'venues', { venue: 'Harbour Hall', address: '1 Quay St', city: 'Portland' }))
    .body.id;
  const organizer = (await app.api('POST', 'organizers', { organizer: 'Quay Arts', email: 'hi@quay.example' })).body.id;
  const category = (await app.api('POST', 'categories', { name: 'Choirs' })).body.id;
  const event = (
    await app.api('POST', 'events', {
      title: 'Choir rehearsal',
      start_date: `${dayOf(month, 14)} 18:00`,
      end_date: `${dayOf(month, 14)} 20:00`,
      venue,
      organizer: [organizer],
      categories: [category],
      cost: '12',
      description: '<p>Bring your <strong>scores</strong> and a pencil.</p><p>Tea afterwards.</p>',
    })
  ).body.id;
  // 19:00 in Berlin is 13:00 in New York, the site's zone.
  const zoned = (
    await app.api('POST', 'events', {
      title: 'Berlin premiere',
      start_date: `${dayOf(month, 15)} 19:00`,
      end_date: `${dayOf(month, 15)} 21:00`,
      timezone: 'Europe/Berlin',
    })
  ).body.id;
  ids = { venue, organizer, category, event, zoned };
});
after(() => app?.close());

const eventIn = (page: Page, title: string) => page.locator('.calendar-event', { hasText: title }).first();

test('a click on an event opens its card: when, venue, organizers, categories, cost, the start of the description', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 14)}`);
  await eventIn(page, 'Choir rehearsal').click();
  const card = page.getByRole('dialog', { name: 'Choir rehearsal' });
  // At once with what the calendar had, complete once the event has loaded.
  await card.locator('.event-card-body[data-complete]').waitFor();
  const text = (await card.textContent()) ?? '';
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${dayOf(month, 14)}T12:00:00Z`),
  );
  assert.match(text, new RegExp(`${day}, .*6:00\\s–\\s8:00\\sPM`), 'when, in words');
  assert.match(text, /1 Quay St, Portland/, 'the venue and where it is');
  assert.match(text, /Quay Arts/, 'the organizers');
  assert.match(text, /Choirs/, 'the categories');
  assert.match(text, /12/, 'the cost');
  assert.match(text, /Bring your scores and a pencil\. Tea afterwards\./, 'the description as words, not HTML');
  for (const action of ['Edit', 'Duplicate', 'Delete', 'Download .ics', 'Copy link'])
    await card.getByRole('button', { name: action }).waitFor();
  // Esc closes it, and the focus goes back to the event.
  await page.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
  assert.equal(
    await page.evaluate(() => document.activeElement?.querySelector('.calendar-event')?.textContent ?? ''),
    (await eventIn(page, 'Choir rehearsal').textContent()) ?? 'x',
  );
});

test('the card says the event’s own zone beside the site’s when they differ, in English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  for (const [locale, expected] of [
    ['en-US', /1:00\sPM New York · 7:00\sPM Berlin|7:00\sPM Berlin · 1:00\sPM New York/],
    ['es-ES', /19:00 Berlin · 13:00 New York/],
  ] as const) {
    const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`, { locale });
    await eventIn(page, 'Berlin premiere').click();
    const card = page.getByRole('dialog', { name: 'Berlin premiere' });
    await card.getByRole('button', { name: /^(Edit|Editar)$/ }).waitFor();
    assert.match((await card.textContent()) ?? '', expected, locale);
    if (locale === 'es-ES') {
      assert.match((await card.textContent()) ?? '', /13:00–15:00/, '24-hour times in Spanish');
      for (const action of ['Editar', 'Duplicar', 'Eliminar', 'Descargar .ics', 'Copiar enlace'])
        await card.getByRole('button', { name: action }).waitFor();
    }
  }
});

test('Delete from the card moves the event to the trash at once; Undo in its notice brings it back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Short-lived',
    start_date: `${dayOf(month, 16)} 10:00`,
    end_date: `${dayOf(month, 16)} 11:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 16)}`);
  await eventIn(page, 'Short-lived').click();
  await page.getByRole('dialog', { name: 'Short-lived' }).getByRole('button', { name: 'Delete' }).click();
  const notice = page.locator('.notice', { hasText: 'Moved “Short-lived” to the trash.' });
  await notice.waitFor();
  assert.equal(
    (await app.api('GET', `events/${created.body.id}`)).body.code,
    'event-no-longer-available',
    'in the trash',
  );
  await eventIn(page, 'Short-lived').waitFor({ state: 'detached' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Restored “Short-lived”.').waitFor();
  const back = await app.api('GET', `events/${created.body.id}`);
  assert.equal(back.body.status, 'publish', 'back with the status it had');
  await eventIn(page, 'Short-lived').waitFor();
});

test('Download .ics gives that one event; Copy link copies an address that opens the card', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 14)}`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.service.url });
  await eventIn(page, 'Choir rehearsal').click();
  const card = page.getByRole('dialog', { name: 'Choir rehearsal' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download .ics' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'Choir rehearsal.ics');
  const ics = readFileSync((await download.path())!, 'utf8');
  assert.match(ics, /BEGIN:VCALENDAR/);
  assert.equal(ics.match(/BEGIN:VEVENT/g)?.length, 1, 'one event');
  assert.match(ics, /SUMMARY:Choir rehearsal/);

  await card.getByRole('button', { name: 'Copy link' }).click();
  await page.getByText('Link copied.').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${app.service.url}/#/calendar?view=day&date=${dayOf(month, 14)}&event=${ids.event}`);
  const opened = await app.signedInPage();
  await opened.goto(link);
  await opened.getByRole('dialog', { name: 'Choir rehearsal' }).getByText('1 Quay St, Portland').waitFor();
  assert.match(opened.url(), /event=\d+/);
  await opened.keyboard.press('Escape');
  await opened.getByRole('dialog').waitFor({ state: 'detached' });
  assert.doesNotMatch(opened.url(), /event=/, 'closing the card takes it out of the address');
});

test('Duplicate opens a new event with every field of the original; saved, it is a second event', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 14)}`, { locale: 'es-ES' });
  await eventIn(page, 'Choir rehearsal').click();
  await page.getByRole('dialog', { name: 'Choir rehearsal' }).getByRole('button', { name: 'Duplicar' }).click();
  const editor = page.getByRole('dialog', { name: 'Nuevo evento (copia)' });
  assert.equal(await editor.getByLabel('Título', { exact: true }).inputValue(), 'Choir rehearsal');
  await editor.getByText('Harbour Hall').waitFor();
  const start = editor.getByRole('textbox', { name: 'Inicio' });
  await start.fill(`${Number(dayOf(month, 21).slice(8))}/${month.slice(5)}/${month.slice(0, 4)} 18:00`);
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await editor.waitFor({ state: 'detached' });
  const copies = (await app.api('GET', `events?start_date=${month}-01&search=Choir%20rehearsal`)).body.events;
  assert.equal(copies.length, 2);
  const copy = copies.find((event: { id: number }) => event.id !== ids.event);
  assert.equal(copy.start_date, `${dayOf(month, 21)} 18:00:00`);
  assert.equal(copy.end_date, `${dayOf(month, 21)} 20:00:00`, 'End kept the length');
  assert.equal(copy.venue.id, ids.venue);
  assert.deepEqual(
    copy.organizer.map((organizer: { id: number }) => organizer.id),
    [ids.organizer],
  );
  assert.deepEqual(
    copy.categories.map((category: { id: number }) => category.id),
    [ids.category],
  );
  assert.match(copy.description, /Bring your <strong>scores<\/strong>/);
});

test('Duplicate a venue and an organizer: a new one named as a copy, the same fields', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/venues');
  await page.getByRole('rowheader', { name: 'Harbour Hall' }).click();
  await page.getByRole('dialog', { name: 'Edit venue' }).getByRole('button', { name: 'Duplicate' }).click();
  const copy = page.getByRole('dialog', { name: 'New venue' });
  assert.equal(await copy.getByLabel('Name', { exact: true }).inputValue(), 'Harbour Hall (copy)');
  assert.equal(await copy.getByLabel('City', { exact: true }).inputValue(), 'Portland');
  await copy.getByRole('button', { name: 'Save' }).click();
  await copy.waitFor({ state: 'detached' });
  const venues = (await app.api('GET', 'venues?search=Harbour')).body.venues;
  const made = venues.find((venue: { venue: string }) => venue.venue === 'Harbour Hall (copy)');
  assert.ok(made && made.id !== ids.venue, 'a second venue');
  assert.equal(made.address, '1 Quay St');

  await page.evaluate((hash) => (window.location.hash = hash), '#/organizers');
  await page.getByRole('rowheader', { name: 'Quay Arts' }).click();
  await page.getByRole('dialog', { name: 'Edit organizer' }).getByRole('button', { name: 'Duplicate' }).click();
  const organizer = page.getByRole('dialog', { name: 'New organizer' });
  assert.equal(await organizer.getByLabel('E-mail', { exact: true }).inputValue(), 'hi@quay.example');
  await organizer.getByRole('button', { name: 'Save' }).click();
  await organizer.waitFor({ state: 'detached' });
  const organizers = (await app.api('GET', 'organizers?search=Quay')).body.organizers;
  assert.deepEqual(organizers.map((item: { organizer: string }) => item.organizer).sort(), [
    'Quay Arts',
    'Quay Arts (copy)',
  ]);
});

test('a visitor reads everything and can change nothing: the card without editing actions, venues, organizers and terms read-only', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.anonymousPage(`#/calendar?view=month&date=${dayOf(month, 14)}`);
  await eventIn(page, 'Choir rehearsal').click();
  const card = page.getByRole('dialog', { name: 'Choir rehearsal' });
  await card.locator('.event-card-body[data-complete]').waitFor();
  await card.getByRole('button', { name: 'Download .ics' }).waitFor();
  for (const action of ['Edit', 'Duplicate', 'Delete', 'Translations', 'Save'])
    assert.equal(await card.getByRole('button', { name: action }).count(), 0, `no ${action}`);
  await page.keyboard.press('Escape');
  // Even a bookmarked editor never opens: no editor, no form.
  await page.keyboard.press('n');
  assert.equal(await page.getByRole('dialog', { name: 'New event' }).count(), 0);

  for (const [hash, row, detail] of [
    ['#/venues', 'Harbour Hall', '1 Quay St'],
    ['#/organizers', 'Quay Arts', 'hi@quay.example'],
    ['#/categories', 'Choirs', 'choirs'],
  ] as const) {
    await page.evaluate((target) => (window.location.hash = target), hash);
    assert.equal(await page.getByRole('button', { name: /^New / }).count(), 0, `no New on ${hash}`);
    await page.getByRole('rowheader', { name: row, exact: true }).click();
    // Named by the item, its fields as text.
    const details = page.getByRole('dialog', { name: row, exact: true });
    await details.getByText(detail, { exact: true }).waitFor();
    assert.equal(await details.locator('input, textarea, [contenteditable]').count(), 0, `nothing editable: ${hash}`);
    for (const action of ['Save', 'Delete', 'Translations', 'Duplicate'])
      assert.equal(await details.getByRole('button', { name: action }).count(), 0, `no ${action} on ${hash}`);
    await details.getByRole('button', { name: 'Close' }).first().click();
    await details.waitFor({ state: 'detached' });
  }
  // The events list opens the same card.
  await page.evaluate((target) => (window.location.hash = target), `#/events?from=${month}-01`);
  await page.getByRole('grid', { name: 'Events list' }).getByText('Choir rehearsal').first().click();
  await page.getByRole('dialog', { name: 'Choir rehearsal' }).getByRole('button', { name: 'Copy link' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Edit' }).count(), 0);
});

test('the card by keyboard: Enter on an event opens it with Edit focused, Tab stays inside, Enter edits', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 14)}`);
  const event = eventIn(page, 'Choir rehearsal');
  await event.waitFor();
  await event.evaluate((element) => (element.closest('[tabindex]') as HTMLElement).focus());
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Choir rehearsal' });
  await card.getByRole('button', { name: 'Edit' }).and(page.locator(':focus')).waitFor();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    assert.ok(
      await card.evaluate((element) => element.contains(document.activeElement)),
      'the focus stays in the card',
    );
  }
  await card.getByRole('button', { name: 'Edit' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Edit event' }).getByRole('textbox', { name: 'Title', exact: true }).waitFor();
});
