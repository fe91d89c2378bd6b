// An event hidden from listings stays in every view its editors have (issue 36, item 8): "Hide from
// event listings" is for the public lists, yet the month, week, day and list views, the Events list
// and its search all left it out, so it could only be reached by its id. Editors see it, marked as
// hidden (a mark named "Hidden from listings", and on the card); visitors do not.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
const day = dayOf(month, 18);
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  await app.api('POST', 'events', {
    title: 'Secret rehearsal',
    start_date: `${day} 10:00`,
    end_date: `${day} 11:30`,
    hide_from_listings: true,
  });
  await app.api('POST', 'events', { title: 'Open rehearsal', start_date: `${day} 14:00`, end_date: `${day} 15:00` });
});
after(() => app?.close());

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: the editor sees the hidden event in month, week, day and list, marked, and its card says so`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const mark = locale.startsWith('es') ? 'Oculto en los listados' : 'Hidden from listings';
    const page = await app.signedInPage('', { locale });
    for (const view of ['month', 'week', 'day', 'list']) {
      await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=${view}&date=${day}`);
      const event = page.locator('.calendar-event', { hasText: 'Secret rehearsal' }).first();
      await event.waitFor();
      await event.getByRole('img', { name: mark }).waitFor();
      // The event beside it, not hidden, has no such mark.
      const open = page.locator('.calendar-event', { hasText: 'Open rehearsal' }).first();
      await open.waitFor();
      assert.equal(await open.getByRole('img', { name: mark }).count(), 0, view);
    }
    await page.locator('.calendar-event', { hasText: 'Secret rehearsal' }).first().click();
    const card = page.getByRole('dialog', { name: 'Secret rehearsal' });
    await card
      .getByText(locale.startsWith('es') ? /Oculto en los listados de eventos/ : /Hidden from event listings/)
      .waitFor();
    await page.close();
  });

test('the Events list and its search show the hidden event to an editor, marked; a visitor sees it nowhere', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/events?from=${day}&to=${day}`);
  const grid = page.getByRole('grid', { name: 'Events list' });
  const row = grid.getByRole('row', { name: /Secret rehearsal/ });
  await row.waitFor();
  await row.getByRole('img', { name: 'Hidden from listings' }).waitFor();
  await page.getByText('2 events').waitFor();
  await page.evaluate((hash) => (window.location.hash = hash), `#/events?from=${month}-01&search=Secret`);
  await grid.getByRole('row', { name: /Secret rehearsal/ }).waitFor();
  await page.getByText('1 event', { exact: true }).waitFor();
  await page.close();

  // A visitor (not signed in): the public calendar leaves it out, as svc/events/v1 does.
  const visitor = await app.anonymousPage(`#/calendar?view=week&date=${day}`);
  await visitor.locator('.calendar-event', { hasText: 'Open rehearsal' }).first().waitFor();
  assert.equal(await visitor.locator('.calendar-event', { hasText: 'Secret rehearsal' }).count(), 0);
  await visitor.close();
  const listed = await fetch(`${app.service.apiRoot}/events?start_date=${day}&end_date=${day}`);
  const titles = ((await listed.json()) as { events: { title: string }[] }).events.map((event) => event.title);
  assert.deepEqual(titles, ['Open rehearsal'], 'svc/events/v1 lists keep the contract');
});
