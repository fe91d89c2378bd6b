// The calendar in a real browser: drag an event to another day (the API shows the new times, in
// the event's own zone), resize it by its edge, undo the move with Ctrl+Z, quick-add from an empty
// day, and the views' navigation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

/** FullCalendar's element of the event with this title (our content sits inside it). */
const eventBox = (page: Page, title: string) =>
  page.locator('.calendar-event', { hasText: title }).first().locator('xpath=ancestor::*[contains(@class, "fc-")][1]');

async function drag(page: Page, from: Locator, to: { x: number; y: number }, grab: 'middle' | 'bottom' = 'middle') {
  const box = (await from.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: grab === 'middle' ? box.y + box.height / 2 : box.y + box.height - 3 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // In steps, as a hand moves: FullCalendar starts a drag after a few pixels.
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const centre = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('drag an event to another day: the API has the new dates, in the event’s own time zone; Ctrl+Z puts it back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Drag me',
    start_date: `${dayOf(month, 10)} 20:00`,
    end_date: `${dayOf(month, 10)} 21:30`,
    timezone: 'Europe/Madrid',
  });
  const id = created.body.id;
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 10)}`);
  await eventBox(page, 'Drag me').waitFor();
  await drag(
    page,
    eventBox(page, 'Drag me'),
    await centre(page.locator(`[role=cell][data-date="${dayOf(month, 13)}"]`)),
  );
  await page.getByText('Moved “Drag me”.').waitFor();
  const moved = await app.api('GET', `events/${id}`);
  assert.equal(moved.body.start_date, `${dayOf(month, 13)} 20:00:00`, 'three days later, same wall time');
  assert.equal(moved.body.end_date, `${dayOf(month, 13)} 21:30:00`);
  assert.equal(moved.body.timezone, 'Europe/Madrid', 'the zone is kept');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.getByText('Move undone.').waitFor();
  // The move's notice and its Undo go with it (issue 36: they stood beside "Move undone").
  assert.equal(await page.getByText('Moved “Drag me”.').count(), 0, 'the notice of the undone move is gone');
  assert.equal(await page.locator('.notices').getByRole('button', { name: 'Undo' }).count(), 0);
  const undone = await app.api('GET', `events/${id}`);
  assert.equal(undone.body.start_date, `${dayOf(month, 10)} 20:00:00`);
  assert.equal(undone.body.end_date, `${dayOf(month, 10)} 21:30:00`);
});

test('resize an event by its bottom edge in the week view: the API has the new end, and the notice says resized', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Stretch me',
    start_date: `${dayOf(month, 11)} 10:00`,
    end_date: `${dayOf(month, 11)} 11:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 11)}`);
  const box = eventBox(page, 'Stretch me');
  await box.waitFor();
  const before = (await box.boundingBox())!;
  // One hour is the event's height: drag the bottom edge down by as much again.
  await drag(page, box, { x: before.x + before.width / 2, y: before.y + before.height * 2 - 3 }, 'bottom');
  await page.getByText('Resized “Stretch me”.').waitFor();
  assert.equal(await page.getByText('Moved “Stretch me”.').count(), 0, 'a resize is no move');
  const resized = await app.api('GET', `events/${created.body.id}`);
  assert.equal(resized.body.start_date, `${dayOf(month, 11)} 10:00:00`, 'the start stays');
  assert.equal(resized.body.end_date, `${dayOf(month, 11)} 12:00:00`, 'one more hour');
});

test('a move over a newer version is refused (If-Match) and the event goes back', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Contested',
    start_date: `${dayOf(month, 17)} 09:00`,
    end_date: `${dayOf(month, 17)} 10:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 17)}`);
  // A view that missed the news: with its change stream cut (a network hiccup, a sleeping laptop),
  // the new version below never reaches it, and only If-Match stands between the drag and a
  // silent overwrite. (With the stream on, the view would simply have the new version already.)
  await page.route('**/almanac/v1/changes*', (route) => route.abort());
  await page.reload();
  await eventBox(page, 'Contested').waitFor();
  await app.api('PATCH', `events/${created.body.id}`, { title: 'Contested', cost: '$1' }); // a new version
  await drag(
    page,
    eventBox(page, 'Contested'),
    await centre(page.locator(`[role=cell][data-date="${dayOf(month, 18)}"]`)),
  );
  await page.getByText(/was changed elsewhere/).waitFor();
  const now = await app.api('GET', `events/${created.body.id}`);
  assert.equal(now.body.start_date, `${dayOf(month, 17)} 09:00:00`, 'not moved');
});

test('click an empty day, type a title, Enter: the event exists', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 6)}`);
  await page.locator(`[role=cell][data-date="${dayOf(month, 6)}"]`).click({ position: { x: 40, y: 60 } });
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Quick one');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.calendar-event', { hasText: 'Quick one' }).waitFor();
  const list = await app.api('GET', `events?start_date=${dayOf(month, 6)}&end_date=${dayOf(month, 6)}&search=Quick`);
  assert.equal(list.body.events.length, 1);
  assert.equal(list.body.events[0].all_day, true);
  assert.equal(list.body.events[0].start_date.slice(0, 10), dayOf(month, 6));
});

test('Today, Previous, Next and the views move the calendar, and the URL follows', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  const title = page.getByRole('heading', { level: 1 });
  const thisTitle = await title.textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  assert.notEqual(await title.textContent(), thisTitle);
  assert.match(page.url(), /view=month&date=\d{4}-\d{2}-15/);
  await page.getByRole('button', { name: 'Previous' }).click();
  assert.equal(await title.textContent(), thisTitle);
  await page.getByRole('radio', { name: 'Week' }).click({ force: true });
  assert.match(page.url(), /view=week/);
  await page.getByRole('radio', { name: 'Day' }).click({ force: true });
  assert.match(page.url(), /view=day/);
  await page.getByRole('button', { name: 'Today' }).click();
  assert.match((await title.textContent()) ?? '', /\d{4}/);
  // Reload: the same view comes back.
  await page.reload();
  await page.getByRole('radio', { name: 'Day', checked: true }).waitFor({ state: 'attached' });
});

test('a busy day shows a few events and "+N more", counting every other one; it opens the day with all of them', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const day = dayOf(month, 24);
  for (let i = 0; i < 14; i++) {
    const hour = String(8 + (i % 12)).padStart(2, '0');
    await app.api('POST', 'events', {
      title: `Busy ${i}`,
      start_date: `${day} ${hour}:00`,
      end_date: `${day} ${hour}:30`,
    });
  }
  const page = await app.signedInPage(`#/calendar?view=month&date=${day}`);
  const cell = page.locator(`[role=cell][data-date="${day}"]`);
  const more = cell.getByRole('button', { name: /^\+\d+ more$/ });
  await more.waitFor();
  const shown = await cell.locator('.calendar-event', { hasText: 'Busy' }).count();
  const hidden = Number(/\+(\d+)/.exec((await more.textContent()) ?? '')![1]);
  assert.ok(shown >= 1, 'some events are shown');
  assert.equal(shown + hidden, 14, 'every event is either shown or counted');
  // The service made the cut (per_day): the month's answer carries the events drawn, not all.
  const feeds = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/event-feed?')),
  );
  assert.ok(
    feeds.some((name) => /[?&]per_day=\d+/.test(name)),
    feeds.join('\n'),
  );
  // By keyboard, like any event: Enter on the link opens that day.
  await more.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`view=day&date=${day}`));
  await page.locator('.calendar-event', { hasText: 'Busy 13' }).waitFor();
});

test('pointing at an event loads it; the click opens its card, and Edit the editor, with that copy, asking nothing more', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Point at me',
    start_date: `${dayOf(month, 16)} 18:00`,
    end_date: `${dayOf(month, 16)} 19:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 16)}`);
  const event = page.locator('.calendar-event', { hasText: 'Point at me' }).first();
  await event.waitFor();
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(`/events/${created.body.id}`)) reads.push(request.url());
  });
  const loaded = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith(`/events/${created.body.id}`),
  );
  await event.hover();
  await loaded;
  assert.equal(reads.length, 1, 'the hover asked for the event');
  await event.click();
  await page.getByRole('dialog', { name: 'Point at me' }).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit event' });
  assert.equal(await editor.getByLabel('Title', { exact: true }).inputValue(), 'Point at me');
  assert.equal(reads.length, 1, 'the card and the editor used the copy the hover loaded');
});
