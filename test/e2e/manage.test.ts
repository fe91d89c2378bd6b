// Venues, organizers, categories, tags and the trash in a real browser: create, edit (rename),
// delete, restore, delete permanently — each checked through the API.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('venues: create with coordinates, edit, delete to the trash, restore, delete permanently', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/venues');
  await page.getByRole('button', { name: 'New venue' }).click();
  const dialog = page.getByRole('dialog', { name: 'New venue' });
  await dialog.getByLabel('Name', { exact: true }).fill('Lighthouse Hall');
  await dialog.getByLabel('City', { exact: true }).fill('Portland');
  await dialog.getByLabel('Latitude', { exact: true }).fill('43.66');
  await dialog.getByLabel('Longitude', { exact: true }).fill('-70.25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('rowheader', { name: 'Lighthouse Hall' }).waitFor();
  let venues = await app.api('GET', 'venues?search=Lighthouse');
  const venue = venues.body.venues[0];
  assert.equal(venue.city, 'Portland');
  assert.equal(venue.geo_lat, 43.66);
  assert.equal(venue.geo_lng, -70.25);

  await page.getByRole('rowheader', { name: 'Lighthouse Hall' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit venue' });
  await editor.getByLabel('Name', { exact: true }).fill('Lighthouse Hall (renovated)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  venues = await app.api('GET', `venues/${venue.id}`);
  assert.equal(venues.body.venue, 'Lighthouse Hall (renovated)');

  await page.getByRole('rowheader', { name: 'Lighthouse Hall (renovated)' }).click();
  await page.getByRole('dialog', { name: 'Edit venue' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('rowheader', { name: 'Lighthouse Hall (renovated)' }).waitFor({ state: 'detached' });

  await page.getByRole('link', { name: 'Trash' }).click();
  await page.getByRole('tab', { name: 'Venues' }).click();
  const row = page.getByRole('row', { name: /Lighthouse Hall \(renovated\)/ });
  await row.getByRole('button', { name: 'Restore' }).click();
  await page.getByText(/Restored “Lighthouse Hall \(renovated\)”/).waitFor();
  assert.equal((await app.api('GET', `venues/${venue.id}`)).body.status, 'publish');

  await app.api('DELETE', `venues/${venue.id}`);
  await page.reload();
  await page.getByRole('tab', { name: 'Venues' }).click();
  await page
    .getByRole('row', { name: /Lighthouse Hall/ })
    .getByRole('button', { name: 'Delete permanently' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).click();
  await page.getByText('The trash is empty.').waitFor();
  assert.equal((await app.api('GET', `venues/${venue.id}`)).status, 400, 'gone for good');
});

test('organizers: create, rename', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/organizers');
  await page.getByRole('button', { name: 'New organizer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organizer' });
  await dialog.getByLabel('Name', { exact: true }).fill('Harbour Events');
  await dialog.getByLabel('E-mail', { exact: true }).fill('hello@harbour.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('rowheader', { name: 'Harbour Events' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit organizer' });
  await editor.getByLabel('Name', { exact: true }).fill('Harbour Events Ltd');
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('rowheader', { name: 'Harbour Events Ltd' }).waitFor();
  const list = await app.api('GET', 'organizers?search=Harbour');
  assert.equal(list.body.organizers[0].organizer, 'Harbour Events Ltd');
  assert.equal(list.body.organizers[0].email, 'hello@harbour.example');
});

test('categories (with a parent) and tags: create, rename, delete', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/categories');
  for (const [name, parent] of [
    ['Sports', ''],
    ['Sailing', 'Sports'],
    ['Arts & Crafts', ''],
  ] as const) {
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    if (parent) {
      await dialog.getByRole('button', { name: /Parent/ }).click();
      await page.getByRole('option', { name: parent }).click();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
  await page.getByRole('rowheader', { name: 'Sailing' }).waitFor();
  const categories = (await app.api('GET', 'categories?hide_empty=false&search=S')).body.categories;
  const sports = categories.find((term: { name: string }) => term.name === 'Sports');
  const sailing = categories.find((term: { name: string }) => term.name === 'Sailing');
  assert.equal(sailing.parent, sports.id);
  // Stored and served as WordPress does ("&amp;"); shown and edited as text.
  const crafts = (await app.api('GET', 'categories?hide_empty=false&search=Crafts')).body.categories[0];
  assert.equal(crafts.name, 'Arts &amp; Crafts');
  await page.getByRole('rowheader', { name: 'Arts & Crafts' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit category' });
  assert.equal(await edit.getByLabel('Name', { exact: true }).inputValue(), 'Arts & Crafts');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  assert.ok(!(await page.content()).includes('&amp;amp;'), 'no entity shown as text');

  await page.getByRole('link', { name: 'Tags' }).click();
  await page.getByRole('button', { name: 'New tag' }).click();
  await page.getByRole('dialog', { name: 'New tag' }).getByLabel('Name', { exact: true }).fill('Outdoors');
  await page.getByRole('dialog', { name: 'New tag' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('rowheader', { name: 'Outdoors' }).click();
  await page.getByRole('dialog', { name: 'Edit tag' }).getByLabel('Name', { exact: true }).fill('Outdoor');
  await page.getByRole('dialog', { name: 'Edit tag' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('rowheader', { name: 'Outdoor', exact: true }).click();
  await page.getByRole('dialog', { name: 'Edit tag' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(/No tags yet/).waitFor();
  assert.equal((await app.api('GET', 'tags?hide_empty=false')).body.tags.length, 0);
});

test('venue translations: the city in a variant, the base venue unchanged, and the venue editor saves after it', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'venues', { venue: 'City Museum', city: 'Seville', address: '1 Main St' });
  const page = await app.signedInPage('#/venues');
  await page.getByRole('grid', { name: 'Venues list' }).getByText('City Museum').click();
  const editor = page.getByRole('dialog', { name: 'Edit venue' });
  await editor.getByRole('button', { name: 'Translations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translations' });
  const city = dialog.getByLabel('City', { exact: true });
  await city.waitFor();
  await city.fill('Sevilla');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved the Spanish (Spain) text.').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const es = await app.api('GET', `venues/${created.body.id}?translation_language=es`);
  assert.equal(es.body.city, 'Sevilla');
  assert.equal(es.body.venue, 'City Museum', 'the name falls back to the base text');
  assert.equal((await app.api('GET', `venues/${created.body.id}`)).body.city, 'Seville');
  await editor.getByLabel('Phone', { exact: true }).fill('+34 954 000 000');
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', `venues/${created.body.id}`)).body.phone, '+34 954 000 000');
});

test('category translations: the name in a variant, the base name unchanged', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const created = await app.api('POST', 'categories', { name: 'Workshops' });
  const page = await app.signedInPage('#/categories');
  await page.getByRole('rowheader', { name: 'Workshops' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit category' });
  await editor.getByRole('button', { name: 'Translations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translations' });
  await dialog.getByRole('button', { name: /Variant/ }).click();
  await page.getByRole('option', { name: 'Spanish (Chile)' }).click();
  const name = dialog.getByLabel('Name', { exact: true });
  await name.waitFor();
  await name.fill('Talleres');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved the Spanish (Chile) text.').waitFor();
  assert.equal((await app.api('GET', `categories/${created.body.id}?translation_language=cl`)).body.name, 'Talleres');
  assert.equal((await app.api('GET', `categories/${created.body.id}`)).body.name, 'Workshops');
});
