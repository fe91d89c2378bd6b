// Server messages in the UI's language (issue 29): a save the service refuses shows, at the field,
// the catalog's words with the form's labels — not "end_date must not be earlier than start_date.".
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never, { timezone: 'Europe/Berlin' });
});
after(() => app?.close());

const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });
const description = (input: Locator) =>
  input.evaluate((element: Element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id: string) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

for (const [locale, names, said] of [
  [
    'es-ES',
    { dialog: 'Nuevo evento', newEvent: 'Nuevo evento', title: 'Título', start: 'Inicio', end: 'Fin', save: 'Guardar' },
    'Fin no puede ser anterior a Inicio.',
  ],
  [
    'en-GB',
    { dialog: 'New event', newEvent: 'New event', title: 'Title', start: 'Start', end: 'End', save: 'Save' },
    'End can’t be earlier than Start.',
  ],
] as const) {
  test(`${locale}: End before Start is said at End, with the form's labels`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage('#/events', { locale });
    await page.getByRole('button', { name: names.newEvent }).click();
    const dialog = page.getByRole('dialog', { name: names.dialog });
    await field(dialog, names.title).fill('Backwards');
    await field(dialog, names.start).fill('5/12/2026 19:00');
    await field(dialog, names.end).fill('5/12/2026 17:00');
    await dialog.getByRole('button', { name: names.save }).click();
    const end = field(dialog, names.end);
    await dialog.getByText(said).waitFor();
    assert.equal(await end.getAttribute('aria-invalid'), 'true');
    assert.match(await description(end), new RegExp(said.replace('.', '\\.')));
    assert.equal(await dialog.getByText('end_date must not be earlier').count(), 0, 'not the API text');
    await page.screenshot({ path: `${app.dataDir}/server-message-${locale}.png` });
    if (process.env.ALMANAC_SHOTS)
      await page.screenshot({ path: `${process.env.ALMANAC_SHOTS}/server-message-${locale}.png` });
  });
}

test('a code the catalogs do not know keeps the server’s own text (the API’s body is unchanged for other clients)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const plain = await app.api('POST', 'events', {
    title: 'x',
    start_date: '2026-12-05 19:00',
    end_date: '2026-12-05 17:00',
  });
  assert.equal(plain.status, 400);
  assert.equal(plain.body.data.almanac_reasons, undefined);
});
