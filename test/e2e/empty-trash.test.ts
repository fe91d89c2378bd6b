// Empty trash (issue 29): the Trash tab's button asks first, naming how many items go for good, in
// English and Spanish; Cancel keeps them; confirming deletes that tab's items only. axe stays clean
// on the trash and its confirmation, light and dark.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type App } from './support.ts';
import { scan } from './helpers/axe.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never, { timezone: 'Europe/Berlin' });
});
after(() => app?.close());

const shots = (name: string) => `${process.env.ALMANAC_SHOTS ?? app!.dataDir}/${name}.png`;

async function trashed(title: string, kind: 'events' | 'venues'): Promise<number> {
  const body =
    kind === 'events' ? { title, start_date: '2026-12-05 19:00', end_date: '2026-12-05 21:00' } : { venue: title };
  const created = await app!.api('POST', kind, body);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await app!.api('DELETE', `${kind}/${created.body.id}`);
  return created.body.id;
}

test('Empty trash names the count, Cancel keeps everything, confirming deletes the tab’s items for good', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  for (const title of ['Old rehearsal', 'Cancelled gig', 'Moved talk']) await trashed(title, 'events');
  await trashed('Closed hall', 'venues');

  // Spanish first: the words of the confirmation, then Cancel.
  const es = await app.signedInPage('#/trash', { locale: 'es-ES' });
  await es.getByRole('tabpanel').getByRole('grid').waitFor();
  await es.getByRole('button', { name: 'Vaciar la papelera' }).click();
  const confirmEs = es.getByRole('alertdialog', { name: '¿Eliminar para siempre los 3 eventos de la papelera?' });
  await confirmEs.getByText('Se eliminan definitivamente').waitFor();
  await confirmEs.getByRole('button', { name: 'Eliminar 3 para siempre' }).waitFor();
  await es.screenshot({ path: shots('empty-trash-es') });
  // Cancel has the focus: Enter keeps everything.
  await es.keyboard.press('Enter');
  await confirmEs.waitFor({ state: 'detached' });
  assert.equal((await app.api('GET', '/almanac/v1/trash?type=events')).body.total, 3);

  const page = await app.signedInPage('#/trash');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('tabpanel').getByRole('grid').waitFor();
    assert.deepEqual(await scan(page, `${scheme} trash`), []);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete all 3 events in the trash permanently?' });
  await confirm.getByText('They are deleted for good').waitFor();
  assert.deepEqual(await scan(page, 'empty trash confirmation'), []);
  await page.screenshot({ path: shots('empty-trash-en') });
  await confirm.getByRole('button', { name: 'Delete 3 permanently' }).click();
  await page.getByText('3 items deleted permanently.').waitFor();
  await page.getByText('The trash is empty.').waitFor();
  assert.equal((await app.api('GET', '/almanac/v1/trash?type=events')).body.total, 0);
  // Only that tab: the venue is still in the trash.
  assert.equal((await app.api('GET', '/almanac/v1/trash?type=venues')).body.total, 1);
  await page.getByRole('tab', { name: 'Venues' }).click();
  await page.getByRole('tabpanel').getByText('Closed hall').waitFor();
});

test('one event in the trash: the confirmation speaks of it alone, in English and Spanish (issue 36)', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await trashed('Lone rehearsal', 'events');
  const es = await app.signedInPage('#/trash', { locale: 'es-ES' });
  await es.getByRole('tabpanel').getByText('Lone rehearsal').waitFor();
  await es.getByRole('button', { name: 'Vaciar la papelera' }).click();
  const confirmEs = es.getByRole('alertdialog', { name: '¿Eliminar para siempre el 1 evento de la papelera?' });
  await confirmEs.getByText('Se elimina definitivamente: no se podrá restaurar después.').waitFor();
  await es.keyboard.press('Escape');
  await confirmEs.waitFor({ state: 'detached' });
  const page = await app.signedInPage('#/trash');
  await page.getByRole('tabpanel').getByText('Lone rehearsal').waitFor();
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the 1 event in the trash permanently?' });
  await confirm.getByText('It is deleted for good: it cannot be restored afterwards.').waitFor();
  assert.equal(await confirm.getByText(/They are|none of them/).count(), 0);
  await confirm.getByRole('button', { name: 'Delete 1 permanently' }).click();
  await page.getByText('1 item deleted permanently.').waitFor();
});
