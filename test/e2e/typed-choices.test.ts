// What is typed into the event editor's pick-from-a-list fields (Venue, Organizers, Categories,
// Tags) is never lost (issue 36, item 2): "Outdoor" typed in Tags showed `Create “Outdoor”` as if
// chosen, Enter added nothing, and Save made the event without the tag, without a word. Enter takes
// the first option shown (Create when nothing else matches); text left in any of the four fields
// when saving stops the save and is said at that field. A click in such a field opens its list.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  await app.api('POST', 'tags', { name: 'Free entry' });
  await app.api('POST', 'categories', { name: 'Markets' });
});
after(() => app?.close());

async function newEvent(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  return dialog;
}

/** Save as a pointer does, list open or not (an open list hides the rest from the accessibility tree). */
const save = (dialog: Locator, spanish = false) =>
  dialog.locator('button', { hasText: spanish ? /^Guardar$/ : /^Save$/ }).click();

const eventsTitled = async (title: string) =>
  ((await app!.api('GET', `events?search=${encodeURIComponent(title)}&per_page=50`)).body.events ?? []).filter(
    (event: { title: string }) => event.title === title,
  );

test('Enter on typed text takes the option shown first: Create “…” for a new tag or category, the match for part of a name', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage();
  const dialog = await newEvent(page, 'Rooftop picnic');
  const tags = dialog.getByRole('combobox', { name: 'Tags', exact: true });
  await tags.focus();
  await page.keyboard.type('Outdoor');
  await page.getByRole('option', { name: 'Create “Outdoor”' }).waitFor();
  await page.keyboard.press('Enter');
  await dialog.locator('.chip', { hasText: 'Outdoor' }).waitFor();
  assert.equal(await dialog.getByRole('combobox', { name: 'Tags', exact: true }).inputValue(), '');
  // Part of an existing name: Enter takes it, it does not create "Free".
  await page.keyboard.type('Free');
  await page.getByRole('option', { name: 'Free entry' }).waitFor();
  await page.keyboard.press('Enter');
  await dialog.locator('.chip', { hasText: 'Free entry' }).waitFor();
  const categories = dialog.getByRole('combobox', { name: 'Categories', exact: true });
  await categories.focus();
  await page.keyboard.type('Night markets');
  await page.getByRole('option', { name: 'Create “Night markets”' }).waitFor();
  await page.keyboard.press('Enter');
  await dialog.locator('.chip', { hasText: 'Night markets' }).waitFor();
  // A click in a field opens its list (the arrow was the only pointer way in).
  await dialog.getByRole('combobox', { name: 'Organizers', exact: true }).click();
  await page.getByRole('listbox').waitFor();
  await page.keyboard.press('Escape');
  await save(dialog);
  await dialog.waitFor({ state: 'detached' });
  const [event] = await eventsTitled('Rooftop picnic');
  assert.ok(event, 'the event was made');
  assert.deepEqual(event.tags.map((tag: { name: string }) => tag.name).sort(), ['Free entry', 'Outdoor']);
  assert.deepEqual(
    event.categories.map((category: { name: string }) => category.name),
    ['Night markets'],
  );
  await page.close();
});

for (const locale of ['en-US', 'es-ES'])
  test(`${locale}: text left typed in Venue, Organizers, Categories or Tags stops the save and is said at that field`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const spanish = locale.startsWith('es');
    const page = await app.signedInPage('', { locale });
    await page.getByRole('button', { name: spanish ? 'Nuevo evento' : 'New event' }).click();
    const dialog = page.getByRole('dialog', { name: spanish ? 'Nuevo evento' : 'New event' });
    const title = `Left behind ${locale}`;
    await dialog.getByLabel(spanish ? 'Título' : 'Title', { exact: true }).fill(title);
    const fields = spanish
      ? ['Lugar', 'Organizadores', 'Categorías', 'Etiquetas']
      : ['Venue', 'Organizers', 'Categories', 'Tags'];
    for (const name of fields) {
      const field = dialog.getByRole('combobox', { name, exact: true });
      await field.click();
      await page.keyboard.type(`Typed in ${name}`);
      await save(dialog, spanish);
      // Said at the field, which has the focus; the dialog stays and nothing is made.
      const said = spanish
        ? `«Typed in ${name}» está escrito aquí pero aún no se ha añadido: pulsa Intro para añadirlo o borra el campo.`
        : `“Typed in ${name}” is typed here but not added yet: press Enter to add it, or clear the field.`;
      await dialog.getByText(said).waitFor();
      const focused = dialog.getByRole('combobox', { name, exact: true });
      assert.equal(await focused.evaluate((input) => input === document.activeElement), true, `${name} has the focus`);
      assert.equal(await focused.getAttribute('aria-invalid'), 'true');
      assert.match((await focused.getAttribute('aria-describedby')) ?? '', /\S/);
      assert.equal((await eventsTitled(title)).length, 0, `${name}: nothing saved`);
      // Cleared, the field has nothing to say any more.
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Backspace');
      await dialog.getByText(said).waitFor({ state: 'detached' });
      if (await page.getByRole('listbox').isVisible()) await page.keyboard.press('Escape'); // its list only
    }
    await dialog.getByRole('combobox', { name: fields[3]!, exact: true }).click();
    await page.keyboard.type('Kept');
    await page.keyboard.press('Enter');
    await dialog.locator('.chip', { hasText: 'Kept' }).waitFor();
    await save(dialog, spanish);
    await dialog.waitFor({ state: 'detached' });
    const [event] = await eventsTitled(title);
    assert.deepEqual(
      event.tags.map((tag: { name: string }) => tag.name),
      ['Kept'],
    );
    assert.ok(!event.venue || (Array.isArray(event.venue) && event.venue.length === 0), 'no venue');
    assert.ok(!event.organizer || event.organizer.length === 0, 'no organizer');
    await page.close();
  });

test("the Events page's filter fields open their list on a click; Enter on typed text takes the first match", async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'venues', { venue: 'Harbour Hall' });
  const page = await app.signedInPage('#/events');
  const filters = page.getByRole('form', { name: 'Filters' });
  for (const [name, option] of [
    ['Category', 'Markets'],
    ['Tag', 'Free entry'],
    ['Venue', 'Harbour Hall'],
  ] as const) {
    await filters.getByRole('combobox', { name, exact: true }).click();
    await page.getByRole('option', { name: new RegExp(option) }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }
  // Typed part of a name, Enter: the filter is set (and in the URL).
  await filters.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.keyboard.type('Mark');
  await page.getByRole('option', { name: 'Markets', exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.location.hash.includes('categories=markets'));
  await page.close();
});
