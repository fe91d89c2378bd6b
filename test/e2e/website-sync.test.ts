// Settings → Website in the real UI against the stand-in The Events Calendar website
// (test/support/tec-site/): a wrong password refused at its field in words, connecting, the
// first sync, the state kept live by the change stream, the event editor's "not on the website"
// marks, and the same field changed on both sides resolved as the 412 dialog does — Keep mine
// for one event, Take theirs for another — in English; then in Spanish: disconnect (asked
// first), connect again with a password made on WordPress's authorize-application page (opened
// from the form, copied back), and the same two resolutions with the Spanish words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeProblems, editFromCard, startApp, type App } from './support.ts';
import { DEFAULT_APP_PASSWORD, startTecSite, type TecSite } from '../support/tec-site/index.ts';

let app: App | undefined;
let website: TecSite | undefined;
before(async () => {
  app = await startApp(test as never);
  if (app) website = await startTecSite();
});
after(async () => {
  await website?.close();
  await app?.close();
});

/** `YYYY-MM-DD HH:MM:00`, `days` from today (the events are upcoming: every list of the website shows them). */
function inDays(days: number, time: string): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())} ${time}:00`;
}

async function createEvent(title: string, days: number, extra: Record<string, unknown> = {}): Promise<number> {
  const made = await app!.api('POST', 'events', {
    title,
    start_date: inDays(days, '18:00'),
    end_date: inDays(days, '20:00'),
    status: 'publish',
    ...extra,
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.id as number;
}

/** The website's id of the event titled `title` (what the sync created there). */
function remoteIdOf(title: string): number {
  const found = website!.snapshot().events.find((event) => event.title === title && event.status !== 'trash');
  assert.ok(found, `"${title}" is on the website`);
  return found.id;
}

/** The same field changed on both sides: the website first, then here (a sync in between would not matter). */
async function conflictOnTitle(localId: number, remoteId: number, mine: string, theirs: string) {
  await website!.admin.updateEvent(remoteId, { title: theirs });
  const etag = (await app!.api('GET', `events/${localId}?context=edit`)).etag;
  const changed = await app!.api('POST', `events/${localId}`, { title: mine }, etag ? { 'if-match': etag } : {});
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
}

/** Polls until `check` holds: no clock — the test runner's timeout bounds a wait that never ends. */
async function waitFor(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

const EN = {
  address: 'Website address',
  user: 'WordPress user',
  password: 'Application password',
  connect: 'Connect',
};
const ES = {
  address: 'Dirección del sitio web',
  user: 'Usuario de WordPress',
  password: 'Contraseña de aplicación',
  connect: 'Conectar',
};

test('Settings → Website in English: a refusal at its field, connect and publish, marks, a conflict kept mine and one taken theirs', async (t) => {
  if (!app || !website) return t.skip('browser tests unavailable');
  const concert = await createEvent('Harbour concert', 5, { cost: '15 €' });
  const market = await createEvent('Night market', 6);

  const page = await app.signedInPage('#/settings');
  const section = page.getByRole('region', { name: 'Website' });
  await section.getByRole('group', { name: 'The first sync' }).waitFor();

  // A wrong password: refused at the Application password field, in words, announced, focused.
  await section.getByLabel(EN.address).fill(website.url);
  await section.getByLabel(EN.user).fill('admin');
  await section.getByLabel(EN.password).fill('wrong wrong wrong');
  await section.getByRole('radio', { name: /Publish this calendar/ }).check();
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  const refusal = 'The website refused this user name or application password.';
  await section.getByRole('alert').filter({ hasText: refusal }).waitFor();
  assert.deepEqual(await axeProblems(page, 'connect form with a refusal'), []);
  const password = section.getByLabel(EN.password);
  assert.equal(await password.getAttribute('aria-invalid'), 'true');
  assert.equal(await password.evaluate((input) => input === document.activeElement), true, 'the focus is on it');
  const described = await password.getAttribute('aria-describedby');
  assert.match(
    await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      described!,
    ),
    /refused this user name or application password/,
  );

  await password.fill(DEFAULT_APP_PASSWORD);
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  // Connected: the state, kept live by the change stream as the first sync (started by the service) ends.
  await section.getByText('Last sync').waitFor();
  await section.getByRole('button', { name: 'Sync now' }).click();
  await waitFor(() => website!.snapshot().events.length === 2);
  await section.getByText('No conflicts, no failures').waitFor();
  await section.locator('dd', { hasText: /^0$/ }).first().waitFor();

  // The editor marks what the website cannot hold (the site's currency code, the symbol after the amount).
  await page.evaluate(
    (day) => (window.location.hash = `#/calendar?view=month&date=${day}`),
    inDays(5, '18:00').slice(0, 10),
  );
  const editor = await editFromCard(page, page.locator('.calendar-event', { hasText: 'Harbour concert' }).first());
  await editor.getByText('the currency code stays in Almanac').waitFor();
  // The editor still open, a sync brings the website's edit (the event made free): the marks follow.
  await website.admin.updateEvent(remoteIdOf('Harbour concert'), { cost: '' });
  assert.equal((await app.api('POST', '/almanac/v1/sites/default/website/sync')).body.ok, true);
  await editor.getByText('the currency code stays in Almanac').waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
  await page.evaluate(() => (window.location.hash = '#/settings'));

  // The same field changed on both sides, for two events.
  await conflictOnTitle(concert, remoteIdOf('Harbour concert'), 'Harbour concert (ours)', 'Harbour concert (theirs)');
  await conflictOnTitle(market, remoteIdOf('Night market'), 'Night market (ours)', 'Night market (theirs)');
  // A sync the window did not ask for (as the scheduler's or the command line's): the change
  // stream brings its conflicts to the open page.
  const synced = await app.api('POST', '/almanac/v1/sites/default/website/sync');
  assert.equal(synced.body.state.conflicts.length, 2, JSON.stringify(synced.body));
  await section.getByRole('region', { name: '2 conflicts' }).waitFor();
  // Its name follows the count: one left after the first choice.
  const conflicts = section.getByRole('region', { name: /^\d+ conflicts?$/ });
  const concertConflict = conflicts.getByRole('article', { name: 'Event: Harbour concert (ours)' });
  assert.deepEqual(await axeProblems(page, 'conflicts'), []);
  const table = concertConflict.getByRole('table');
  assert.deepEqual(await table.locator('thead th').allTextContents(), ['Field', 'Yours', 'Theirs']);
  assert.deepEqual(await table.locator('tbody tr').first().locator('th, td').allTextContents(), [
    'Title',
    'Harbour concert (ours)',
    'Harbour concert (theirs)',
  ]);

  // From the keyboard: Take theirs, Tab, Keep mine, Enter; the focus then goes on to the conflicts left.
  await concertConflict.getByRole('button', { name: 'Take theirs: “Harbour concert (ours)”' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await section.getByRole('heading', { name: '1 conflict' }).waitFor();
  await waitFor(() => page.evaluate(() => document.activeElement?.textContent === '1 conflict'));
  await waitFor(() => website!.snapshot().events.some((event) => event.title === 'Harbour concert (ours)'));
  await conflicts
    .getByRole('article', { name: 'Event: Night market (ours)' })
    .getByRole('button', { name: 'Take theirs: “Night market (ours)”' })
    .click();
  await waitFor(async () => (await app!.api('GET', `events/${market}`)).body.title === 'Night market (theirs)');
  await conflicts.waitFor({ state: 'detached' });
  await section.getByText('No conflicts, no failures').waitFor();
  assert.equal((await app.api('GET', `events/${concert}`)).body.title, 'Harbour concert (ours)');

  // The password revoked on the website: the sync pauses and asks for a new one, at the same website and user.
  website.revokePasswords('admin');
  await section.getByRole('button', { name: 'Sync now' }).click();
  await section.getByRole('alert').filter({ hasText: 'Sync paused.' }).waitFor();
  const paused = section.getByRole('form', { name: 'Sign in to the website again' });
  assert.equal(await section.getByRole('button', { name: 'Sync now' }).isDisabled(), true);
  await paused.getByLabel(EN.password).fill(website.addAppPassword('admin'));
  await paused.getByRole('button', { name: 'Sign in again' }).click();
  await paused.waitFor({ state: 'detached' });
  await section.getByRole('button', { name: 'Sync now' }).click();
  await section.getByText('No conflicts, no failures').waitFor();
  await page.screenshot({ path: process.env.ALMANAC_SCREENSHOT ?? `${app.dataDir}/website-en.png`, fullPage: true });
});

test('Settings → Website in Spanish: disconnect (asked first), connect again, conservar la mía y usar la otra', async (t) => {
  if (!app || !website) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/settings', { locale: 'es-ES' });
  const section = page.getByRole('region', { name: 'Sitio web' });
  const connected = (await app.api('GET', '/almanac/v1/sites/default/website')).body.connected as boolean;
  if (connected) {
    await section.getByRole('button', { name: 'Desconectar' }).click();
    const ask = page.getByRole('alertdialog', { name: '¿Desconectar del sitio web?' });
    await ask.getByRole('button', { name: 'Desconectar' }).click();
  }
  await section.getByRole('group', { name: 'La primera sincronización' }).waitFor();
  await section.getByRole('radio', { name: /Combinar ambos/ }).check();
  // The password made on WordPress's authorize-application page, opened from the form, copied back.
  await section.getByLabel(ES.address).fill(website.url);
  await section.getByLabel(ES.user).fill('admin');
  const [wordpress] = await Promise.all([
    page.context().waitForEvent('page'),
    section.getByRole('button', { name: 'Obtener una contraseña de WordPress' }).click(),
  ]);
  await wordpress.waitForLoadState();
  await wordpress.getByLabel('Username').fill('admin');
  await wordpress.getByLabel('Password').fill('password');
  await wordpress.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
  const made = (await wordpress.locator('kbd').textContent())!;
  await wordpress.close();
  await section.getByText('WordPress está abierto en tu navegador').waitFor();
  await section.getByLabel(ES.password).fill(made);
  await section.getByRole('button', { name: ES.connect, exact: true }).click();
  await section.getByText('Última sincronización').waitFor();
  await section.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await section.getByText('Ningún conflicto, ningún fallo').waitFor();

  const fair = await createEvent('Feria del libro', 8);
  const talk = await createEvent('Charla de jazz', 9);
  await section.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await waitFor(() =>
    ['Feria del libro', 'Charla de jazz'].every((title) => website!.snapshot().events.some((e) => e.title === title)),
  );
  await conflictOnTitle(fair, remoteIdOf('Feria del libro'), 'Feria del libro (nuestra)', 'Feria del libro (suya)');
  await conflictOnTitle(talk, remoteIdOf('Charla de jazz'), 'Charla de jazz (nuestra)', 'Charla de jazz (suya)');
  await section.getByRole('button', { name: 'Sincronizar ahora' }).click();
  await section.getByRole('region', { name: '2 conflictos' }).waitFor();
  const conflicts = section.getByRole('region', { name: /^\d+ conflictos?$/ });
  const fairConflict = conflicts.getByRole('article', { name: 'Evento: Feria del libro (nuestra)' });
  assert.deepEqual(await fairConflict.getByRole('table').locator('thead th').allTextContents(), [
    'Campo',
    'La tuya',
    'La otra',
  ]);
  await fairConflict.getByRole('button', { name: 'Conservar la mía: «Feria del libro (nuestra)»' }).click();
  await waitFor(() => website!.snapshot().events.some((event) => event.title === 'Feria del libro (nuestra)'));
  await conflicts
    .getByRole('article', { name: 'Evento: Charla de jazz (nuestra)' })
    .getByRole('button', { name: 'Usar la otra: «Charla de jazz (nuestra)»' })
    .click();
  await waitFor(async () => (await app!.api('GET', `events/${talk}`)).body.title === 'Charla de jazz (suya)');
  await conflicts.waitFor({ state: 'detached' });
  await section.getByText('Ningún conflicto, ningún fallo').waitFor();

  // Why the website refused an event, and why a sync stopped, in Spanish — with the website's own
  // words beside them (they were the service's English text).
  website.failNext({ method: 'PUT', path: /\/tribe\/events\/v1\/events\/\d+$/ }, 403, 1);
  assert.equal((await app.api('POST', `events/${talk}`, { title: 'Charla de jazz (otra vez)' })).status, 200);
  await section.getByRole('button', { name: 'Sincronizar ahora' }).click();
  const failures = section.getByRole('region', { name: '1 fallo' });
  await failures
    .getByText(
      'No se envió al sitio web: el sitio web lo rechazó: este usuario de WordPress no puede cambiarlo. (el sitio web dijo: «Sorry, you are not allowed to do that.»)',
    )
    .waitFor();
  await website.stop();
  try {
    await section.getByRole('button', { name: 'Sincronizar ahora' }).click();
    await page
      .getByText('La sincronización no terminó: no se puede llegar al sitio web; todo espera al próximo intento.')
      .first()
      .waitFor();
  } finally {
    await website.start();
  }
  await page.screenshot({
    path: process.env.ALMANAC_SCREENSHOT_ES ?? `${app.dataDir}/website-es.png`,
    fullPage: true,
  });
});
