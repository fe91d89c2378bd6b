// The UI in Spanish: a browser whose language is Spanish gets the Spanish catalog (navigation,
// toolbar, editor, dates through Intl in Spanish, FullCalendar's own words), and Settings → Idioma
// switches to English at once, remembered across a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dayOf, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
before(async () => {
  app = await startApp(test as never);
});
after(() => app?.close());

test('a Spanish system gets a Spanish UI; Settings switches it to English', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'events', {
    title: 'Concierto',
    start_date: `${dayOf(month, 12)} 19:00`,
    end_date: `${dayOf(month, 12)} 21:00`,
  });
  const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 12)}`, { locale: 'es-ES' });
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const name of [
    'Calendario',
    'Eventos',
    'Lugares',
    'Organizadores',
    'Categorías',
    'Etiquetas',
    'Papelera',
    'Ajustes',
  ])
    await nav.getByRole('link', { name }).waitFor();
  await page.getByRole('button', { name: 'Hoy' }).waitFor();
  await page.getByRole('radio', { name: 'Semana' }).waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es-ES');
  // FullCalendar's own words: the all-day row of the week.
  await page.getByText('Todo el día', { exact: false }).first().waitFor();
  // The month's name through Intl, in Spanish (the month view's title).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('m');
  await page.waitForURL(/view=month/);
  const monthName = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${dayOf(month, 12)}T12:00:00Z`),
  );
  assert.match((await page.getByRole('heading', { level: 1 }).textContent()) ?? '', new RegExp(monthName, 'i'));

  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  for (const label of ['Título', 'Inicio', 'Fin', 'Zona horaria', 'Precio'])
    await dialog.getByLabel(label, { exact: true }).first().waitFor();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });

  await nav.getByRole('link', { name: 'Ajustes' }).click();
  await page.getByRole('button', { name: /Idioma/ }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).waitFor();
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
});
