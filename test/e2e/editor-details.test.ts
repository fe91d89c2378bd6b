// Small things in the event editor that hurt (issue 29, defects 5, 9 and 10): the excerpt comes
// back as the text that was written, not as HTML; Enter in the Time zone box picks a zone and never
// saves the half-filled event; "zoom.us/j/123" is taken as https://zoom.us/j/123; "Leave empty to
// keep the current password" only where there is one; a field's error does not push its
// neighbours out of line.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { dayOf, editFromCard, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('the excerpt is edited as the text that was written, also after saving and reopening', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Teaser',
    start_date: `${dayOf(month, 11)} 18:00`,
    end_date: `${dayOf(month, 11)} 19:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 11)}`);
  let editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Teaser' }).first());
  await editor.getByLabel('Excerpt', { exact: true }).fill('Short teaser…\nSecond line.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  // The service keeps it wrapped in paragraphs, as WordPress does.
  const stored = (await app.api('GET', `events?search=Teaser&start_date=${month}-01`)).body.events[0];
  assert.match(stored.excerpt, /^<p>Short teaser…<br \/>/);
  editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Teaser' }).first());
  assert.equal(await editor.getByLabel('Excerpt', { exact: true }).inputValue(), 'Short teaser…\nSecond line.');
  // Saving something else leaves the excerpt alone.
  await editor.getByLabel('Cost', { exact: true }).fill('5');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  const again = (await app.api('GET', `events/${stored.id}`)).body;
  assert.equal(again.excerpt, stored.excerpt, 'not rewrapped');
});

test('Enter in the Time zone box picks the zone and does not save the half-filled event', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 12)}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Zone first');
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Europe/Lisb');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await zone.inputValue(), 'Europe/Lisbon');
  await zone.fill('UTC+5');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.ok(await dialog.isVisible(), 'the editor is still open');
  assert.equal(
    (await app.api('GET', `events?search=Zone%20first&start_date=${month}-01`)).body.events?.length ?? 0,
    0,
    'nothing saved',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(
    (await app.api('GET', `events?search=Zone%20first&start_date=2000-01-01`)).body.events[0].timezone,
    'UTC+5',
  );
});

test('a web address without its scheme gets https:// (events, venues), and is saved that way', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 13)}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Online talk');
  const website = dialog.getByLabel('Website', { exact: true });
  await website.fill('zoom.us/j/123');
  await website.blur();
  assert.equal(await website.inputValue(), 'https://zoom.us/j/123', 'said before saving');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const event = (await app.api('GET', `events?search=Online%20talk&start_date=2000-01-01`)).body.events[0];
  assert.equal(event.website, 'https://zoom.us/j/123');

  await page.evaluate((hash) => (window.location.hash = hash), '#/venues');
  await page.getByRole('button', { name: 'New venue' }).click();
  const venue = page.getByRole('dialog', { name: 'New venue' });
  await venue.getByLabel('Name', { exact: true }).fill('Online');
  await venue.getByLabel('Website', { exact: true }).fill('example.org/room');
  await venue.getByRole('button', { name: 'Save' }).click();
  await venue.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', 'venues?search=Online')).body.venues[0].website, 'https://example.org/room');
});

test('"Leave empty to keep the current password" only on an event that has one', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Open door',
    start_date: `${dayOf(month, 14)} 09:00`,
    end_date: `${dayOf(month, 14)} 10:00`,
  });
  await app.api('POST', 'events', {
    title: 'Members only',
    start_date: `${dayOf(month, 14)} 11:00`,
    end_date: `${dayOf(month, 14)} 12:00`,
    password: 'secret',
  });
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 14)}`);
  const keep = 'Leave empty to keep the current password.';
  let editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Open door' }).first());
  await editor.getByLabel('Password', { exact: true }).waitFor();
  assert.equal(await editor.getByText(keep).count(), 0, 'no password: nothing to keep');
  await editor.getByText('Readers must enter it to see the event. Leave empty for none.').waitFor();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.waitFor({ state: 'detached' });
  editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Members only' }).first());
  await editor.getByText(keep).waitFor();
});

/** Every row of fields in `dialog`: the inputs of the fields that start on one line, by line. */
const fieldRows = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const lines = new Map<number, number[]>();
    for (const field of element.querySelectorAll('.field')) {
      const input = field.querySelector('input, textarea, [role=textbox], button');
      if (!input) continue;
      const top = Math.round(field.getBoundingClientRect().top);
      lines.set(top, [...(lines.get(top) ?? []), Math.round(input.getBoundingClientRect().top)]);
    }
    return [...lines.values()].filter((inputs) => inputs.length > 1);
  });

test('a field’s error does not push the fields beside it out of line', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 15)}`);
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Backwards');
  await dialog.getByRole('textbox', { name: 'Start', exact: true }).fill(`${dayOf(month, 15)} 18:00`);
  await dialog.getByRole('textbox', { name: 'End', exact: true }).fill(`${dayOf(month, 15)} 17:00`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The service refuses an end before the start, at End.
  await dialog.locator('.field-error').first().waitFor();
  for (const inputs of await fieldRows(dialog))
    assert.equal(new Set(inputs).size, 1, `the editor: inputs of a row on one line (${inputs.join(', ')})`);

  // A venue's rows of three: an error under one field of a row.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await page.evaluate((hash) => (window.location.hash = hash), '#/venues');
  await page.getByRole('button', { name: 'New venue' }).click();
  const venue = page.getByRole('dialog', { name: 'New venue' });
  await venue.getByLabel('Name', { exact: true }).fill('Somewhere');
  await venue.getByLabel('Latitude', { exact: true }).fill('200');
  await venue.getByRole('button', { name: 'Save' }).click();
  await venue.locator('.field-error').first().waitFor();
  const rows = await fieldRows(venue);
  assert.ok(rows.length > 2, 'rows of several fields');
  for (const inputs of rows) assert.equal(new Set(inputs).size, 1, `inputs of a row on one line: ${inputs.join(', ')}`);
});

test('the From hint tells the truth: with From empty the list starts yesterday, as the API does', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const dayIn = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  await app.api('POST', 'events', {
    title: 'Yesterday’s talk',
    start_date: `${dayIn(-1)} 10:00`,
    end_date: `${dayIn(-1)} 11:00`,
  });
  await app.api('POST', 'events', {
    title: 'Last week’s talk',
    start_date: `${dayIn(-4)} 10:00`,
    end_date: `${dayIn(-4)} 11:00`,
  });
  const page = await app.signedInPage('#/events?search=talk');
  await page.getByRole('row', { name: /Yesterday’s talk/ }).waitFor();
  assert.equal(await page.getByRole('row', { name: /Last week’s talk/ }).count(), 0);
  await page.getByText('Empty: events from yesterday on, as the API lists them.').waitFor();
});
