// The event editor in a real browser: create an event with a venue and an organizer made inline,
// edit it, delete it; a 400 shown at its field with nothing written; the 412 dialog both ways.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { dayOf, editFromCard, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

async function pick(page: Page, label: string, text: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option }).click();
}

test('create an event with a new venue and a new organizer made inline, then edit and delete it', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Harbour gala');
  await dialog.getByLabel('Start', { exact: true }).fill(`${dayOf(month, 12)} 19:30`);
  await dialog.getByLabel('End', { exact: true }).fill(`${dayOf(month, 12)} 23:00`);
  await pick(page, 'Venue', 'Harbour Pavilion', /Create “Harbour Pavilion”/);
  await dialog.getByLabel('Address', { exact: true }).fill('1 Quay Road');
  await dialog.getByLabel('City', { exact: true }).fill('Portsmouth');
  await pick(page, 'Organizers', 'Quay Friends', /Create “Quay Friends”/);
  await pick(page, 'Categories', 'Galas', /Create “Galas”/);
  await dialog.getByLabel('Cost', { exact: true }).fill('$40');
  await dialog.locator('label', { hasText: 'Featured' }).click(); // the checkbox's visible label
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Harbour gala').first().waitFor();

  const list = await app.api('GET', `events?start_date=${month}-01&search=Harbour`, undefined);
  const event = list.body.events.find((candidate: { title: string }) => candidate.title === 'Harbour gala');
  assert.ok(event, 'created');
  assert.equal(event.venue.venue, 'Harbour Pavilion');
  assert.equal(event.venue.address, '1 Quay Road');
  assert.equal(event.venue.city, 'Portsmouth');
  assert.deepEqual(
    event.organizer.map((o: { organizer: string }) => o.organizer),
    ['Quay Friends'],
  );
  assert.deepEqual(
    event.categories.map((c: { name: string }) => c.name),
    ['Galas'],
  );
  assert.equal(event.cost, '$40');
  assert.equal(event.featured, true);
  assert.equal(event.start_date, `${dayOf(month, 12)} 19:30:00`);

  // Edit: the title changes, nothing else does.
  const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Harbour gala' }));
  await editor.getByLabel('Title', { exact: true }).fill('Harbour gala (sold out)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const edited = await app.api('GET', `events/${event.id}`);
  assert.equal(edited.body.title, 'Harbour gala (sold out)');
  assert.equal(edited.body.venue.venue, 'Harbour Pavilion');
  assert.equal(edited.body.cost, '$40');

  // Delete: to the trash, after a confirmation.
  await (
    await editFromCard(page, page.locator('.calendar-event', { hasText: 'Harbour gala (sold out)' }))
  )
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Move this event to the trash?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByText(/Moved “Harbour gala \(sold out\)” to the trash/).waitFor();
  const trash = await app.api('GET', '/almanac/v1/trash?type=events');
  assert.deepEqual(
    trash.body.items.map((item: { id: number }) => item.id),
    [event.id],
  );
  assert.equal((await app.api('GET', `events/${event.id}`)).body.code, 'event-no-longer-available');
});

test('a 400 from the server appears at its field, the field marked invalid, and nothing is written', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  const count = async () => (await app!.api('GET', `events?start_date=${month}-01`, undefined)).body.total;
  const before = await count();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Backwards');
  await dialog.getByLabel('Start', { exact: true }).fill(`${dayOf(month, 20)} 18:00`);
  await dialog.getByLabel('End', { exact: true }).fill(`${dayOf(month, 20)} 17:00`);
  await dialog.getByLabel('Website', { exact: true }).fill('not a url at all');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const end = dialog.getByLabel('End', { exact: true });
  await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
  assert.equal(await end.getAttribute('aria-invalid'), 'true');
  const describedBy = (await end.getAttribute('aria-describedby')) ?? '';
  const description = await page.evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  assert.match(
    description,
    /End can’t be earlier than Start\./,
    `the message is tied to the field, in words: ${description}`,
  );
  assert.ok(
    await dialog
      .getByRole('alert')
      .getByText(/need attention|needs attention/)
      .isVisible(),
  );
  assert.equal(await count(), before, 'nothing was written');
  // Esc with unsaved changes asks first; "Keep editing" keeps everything typed.
  await page.keyboard.press('Escape');
  await page
    .getByRole('alertdialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Keep editing' })
    .click();
  assert.equal(await dialog.getByLabel('Title', { exact: true }).inputValue(), 'Backwards');
});

test('a save over a newer version opens the conflict dialog: Keep mine, and Take theirs', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Board meeting',
    start_date: `${dayOf(month, 9)} 09:00`,
    end_date: `${dayOf(month, 9)} 10:00`,
    cost: '$5',
  });
  const id = created.body.id;
  const page = await app.signedInPage();
  const open = async () => {
    return editFromCard(page, page.locator('.calendar-event', { hasText: 'Board meeting' }).first());
  };

  // Keep mine: my title wins; their cost change (a field I did not touch) stays.
  let editor = await open();
  await editor.getByLabel('Title', { exact: true }).fill('Board meeting (mine)');
  await app.api('PATCH', `events/${id}`, { title: 'Board meeting (theirs)', cost: '$9' });
  await editor.getByRole('button', { name: 'Save' }).click();
  let conflict = page.getByRole('alertdialog', { name: 'This event changed since you opened it' });
  await conflict.waitFor();
  assert.ok(await conflict.getByText('Board meeting (theirs)').isVisible(), 'shows what differs');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await editor.waitFor({ state: 'detached' });
  let now = await app.api('GET', `events/${id}`);
  assert.equal(now.body.title, 'Board meeting (mine)');
  assert.equal(now.body.cost, '$9');

  // Take theirs: the form reloads with their version; nothing of mine is saved.
  editor = await open();
  await editor.getByLabel('Title', { exact: true }).fill('Board meeting (mine again)');
  await app.api('PATCH', `events/${id}`, { title: 'Board meeting (theirs again)' });
  await editor.getByRole('button', { name: 'Save' }).click();
  conflict = page.getByRole('alertdialog', { name: 'This event changed since you opened it' });
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  assert.equal(await editor.getByLabel('Title', { exact: true }).inputValue(), 'Board meeting (theirs again)');
  now = await app.api('GET', `events/${id}`);
  assert.equal(now.body.title, 'Board meeting (theirs again)');
});

test('time zone: search the list and pick a zone, or type an offset; the event keeps its wall times there', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Zoned');
  await dialog.getByLabel('Start', { exact: true }).fill(`${dayOf(month, 14)} 09:00`);
  await dialog.getByLabel('End', { exact: true }).fill(`${dayOf(month, 14)} 10:00`);
  // The list opens by its button with every zone, and narrows as one types.
  await dialog.getByRole('combobox', { name: 'Time zone' }).locator('xpath=..').getByRole('button').click();
  assert.ok((await page.getByRole('option').count()) > 50, 'the whole list');
  await page.keyboard.press('Escape');
  await pick(page, 'Time zone', 'madr', 'Europe/Madrid');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const found = await app.api('GET', `events?search=Zoned&start_date=${dayOf(month, 14)}&end_date=${dayOf(month, 14)}`);
  const id = found.body.events[0].id;
  assert.equal(found.body.events[0].timezone, 'Europe/Madrid');
  assert.equal(found.body.events[0].start_date, `${dayOf(month, 14)} 09:00:00`);

  const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Zoned' }).first());
  const zone = editor.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('UTC+5');
  await page.keyboard.press('Tab');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const after = await app.api('GET', `events/${id}`);
  assert.equal(after.body.timezone, 'UTC+5');
});

test('translations: a variant’s title is saved through translation_language, the base text stays, untranslated fields say so', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Jazz night',
    excerpt: 'Three sets',
    start_date: `${dayOf(month, 18)} 20:00`,
    end_date: `${dayOf(month, 18)} 23:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 18)}`);
  const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Jazz night' }).first());
  await editor.getByRole('button', { name: 'Translations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translations' });
  await dialog.getByRole('button', { name: /Variant/ }).click();
  await page.getByRole('option', { name: 'Spanish (Mexico)' }).click();
  const title = dialog.getByLabel('Title', { exact: true });
  await title.waitFor();
  assert.equal(await title.inputValue(), 'Jazz night', 'no variant yet: the base text');
  assert.equal(await dialog.getByText('Not translated: this variant shows the base text.').count(), 2);
  await title.fill('Noche de jazz');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved the Spanish (Mexico) text.').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const mx = await app.api('GET', `events/${created.body.id}?translation_language=mx`);
  assert.equal(mx.body.title, 'Noche de jazz');
  assert.equal(mx.body.excerpt, created.body.excerpt, 'the excerpt falls back to the base text');
  const baseAfter = await app.api('GET', `events/${created.body.id}`);
  assert.equal(baseAfter.body.title, 'Jazz night', 'the base title is untouched');
  // The editor took the new version: its own save is not refused as a lost update.
  await editor.getByLabel('Cost', { exact: true }).fill('10');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', `events/${created.body.id}`)).body.cost, '$10');
});

test('Settings can show the calendar and the lists in a Spanish variant; editors keep the base text', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'events', {
    title: 'Book fair',
    start_date: `${dayOf(month, 20)} 10:00`,
    end_date: `${dayOf(month, 20)} 18:00`,
  });
  await app.api(
    'PATCH',
    `events/${created.body.id}?translation_language=arg`,
    { title: 'Feria del libro' },
    {
      'if-match': created.etag!,
    },
  );
  const page = await app.signedInPage('#/settings');
  await page.getByRole('button', { name: /Show events and venues in/ }).click();
  await page.getByRole('option', { name: 'Spanish (Argentina)' }).click();
  await page.evaluate((hash) => (window.location.hash = hash), `#/calendar?view=month&date=${dayOf(month, 20)}`);
  await page.locator('.calendar-event', { hasText: 'Feria del libro' }).waitFor();
  await page.evaluate(
    (hash) => (window.location.hash = hash),
    `#/events?from=${dayOf(month, 20)}&to=${dayOf(month, 20)}`,
  );
  await page.getByRole('grid', { name: 'Events list' }).getByText('Feria del libro').waitFor();
  // The editor edits the base text.
  const editor = await editFromCard(page, page.getByRole('grid', { name: 'Events list' }).getByText('Feria del libro'));
  await editor.getByLabel('Title', { exact: true }).waitFor();
  assert.equal(await editor.getByLabel('Title', { exact: true }).inputValue(), 'Book fair');
});

test('a picker opens its list from its arrow button on the first press, and from the keyboard once focused', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'categories', { name: 'Arrow test' });
  const page = await app.signedInPage();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  const categories = dialog.getByRole('combobox', { name: 'Categories', exact: true });
  const box = (await categories.boundingBox())!;
  // The arrow sits at the field's right end.
  await page.mouse.click(box.x + box.width - 12, box.y + box.height / 2);
  await page.getByRole('option', { name: /Arrow test/ }).waitFor();
  await page.keyboard.press('Escape');
  const venue = dialog.getByRole('combobox', { name: 'Venue', exact: true });
  await venue.focus();
  await page.keyboard.type('Nowhere Hall');
  await page.getByRole('option', { name: /Create “Nowhere Hall”/ }).waitFor();
  assert.equal(await dialog.getByRole('combobox', { name: 'Venue', exact: true }).inputValue(), 'Nowhere Hall');
});
