// What a walk through the UI still found (issue 36's walk, fixed on branch ui40), in English and
// Spanish, each with a screenshot (ALMANAC_SHOTS, else the test's data folder): notices drawn over
// an open dialog's Save and Cancel, side-by-side titles in the week cut mid-word, the import
// preview's dates as ISO text, the card's address without its state and ZIP, a printed Events list
// that said nothing of the pages it left out, and a new site in English under a Spanish UI.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { dayOf, editFromCard, startApp, thisMonth, type App } from './support.ts';

let app: App | undefined;
const month = thisMonth();
const shot = (name: string) => {
  const folder = process.env.ALMANAC_SHOTS ?? app!.dataDir;
  mkdirSync(folder, { recursive: true });
  return join(folder, `${name}.png`);
};
const LOCALES = ['en-US', 'es-ES'] as const;
const SIDE_BY_SIDE = ['Storytelling circle', 'Quartet rehearsal'];

before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  const venue = await app.api('POST', 'venues', {
    venue: 'Lincoln Hall',
    address: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'United States',
  });
  await app.api('POST', 'events', {
    title: 'Poster run',
    start_date: `${dayOf(month, 6)} 10:00`,
    end_date: `${dayOf(month, 6)} 11:00`,
    venue: venue.body.id,
  });
  // Two at one time: side by side in the week, each half a column ("Storytelling" is wider).
  for (const title of SIDE_BY_SIDE)
    await app.api('POST', 'events', {
      title,
      start_date: `${dayOf(month, 20)} 09:00`,
      end_date: `${dayOf(month, 20)} 10:30`,
    });
  // Two pages of the Events list (10 rows a page) in the month's first days.
  for (let index = 1; index <= 11; index++)
    await app.api('POST', 'events', {
      title: `Workshop ${index}`,
      start_date: `${dayOf(month, 2)} ${String(7 + index).padStart(2, '0')}:00`,
      end_date: `${dayOf(month, 2)} ${String(7 + index).padStart(2, '0')}:30`,
    });
});
after(() => app?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openEditor(page: Page, title: string): Promise<Locator> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/events?from=${dayOf(month, 1)}&search=${title}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  return editFromCard(page, row.getByRole('gridcell').nth(1));
}

for (const locale of LOCALES)
  test(`${locale}: a notice shown while the editor is open stands above its buttons, inside it, not over Save or Cancel`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage('', { locale });
    await page.setViewportSize({ width: 1280, height: 800 });
    const es = locale === 'es-ES';
    const editor = await openEditor(page, 'Poster run');
    await editor.getByLabel(es ? 'Título' : 'Title', { exact: true }).fill('Poster run (changed)');
    // Translations wait for the changes to be saved: it says so in a notice, the editor still open.
    await editor.getByRole('button', { name: es ? 'Traducciones' : 'Translations', exact: true }).click();
    const notice = page.locator('.notice', { hasText: es ? 'Guarda o descarta' : 'Save or discard' });
    await notice.waitFor();
    await page.screenshot({ path: shot(`notice-over-editor-${locale}`) });
    const noticeBox = (await notice.boundingBox())!;
    for (const name of es ? ['Guardar', 'Cancelar'] : ['Save', 'Cancel']) {
      const button = editor.getByRole('button', { name, exact: true });
      assert.ok(!overlap(noticeBox, (await button.boundingBox())!), `the notice stands clear of ${name}`);
    }
    // In the dialog: read by screen readers (a modal hides what is outside it) and in its Tab order.
    assert.equal(await editor.locator('.notice').count(), 1, 'the notice is inside the dialog');
    assert.equal(await notice.evaluate((element) => element.closest('[aria-hidden="true"], [inert]') === null), true);
    assert.equal(await editor.getByRole('status').filter({ has: notice }).count(), 1, 'in a live region');
    await page.close();
  });

/** Where each side-by-side title breaks a line between two letters of one word (none, when read well). */
function midWordBreaks(page: Page): Promise<string[]> {
  return page.locator('.calendar-event .event-title').evaluateAll((titles) =>
    titles.flatMap((title) => {
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        let lastTop: number | null = null;
        for (let index = 0; index < text.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue; // a letter behind the ellipsis, or a collapsed space
          if (lastTop !== null && rect.top > lastTop + 2 && /\S/.test(text[index - 1]!) && /\S/.test(text[index]!))
            found.push(`${text.slice(0, index)} / ${text.slice(index)}`);
          lastTop = rect.top;
        }
      }
      return found;
    }),
  );
}

for (const locale of LOCALES)
  test(`${locale}: side-by-side titles in the week wrap between words, never mid-word; the box names the whole title`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/calendar?view=week&date=${dayOf(month, 20)}`, { locale });
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const title of SIDE_BY_SIDE) await page.locator('.calendar-event', { hasText: title }).waitFor();
    const width = await page
      .locator('.calendar-event', { hasText: 'Storytelling circle' })
      .evaluate((element) => element.closest('[tabindex]')!.getBoundingClientRect().width);
    assert.ok(width < 80, `side by side (${width} px wide)`);
    await page.screenshot({ path: shot(`week-side-by-side-${locale}`) });
    assert.deepEqual(await midWordBreaks(page), [], 'no title cut mid-word');
    // What does not fit is in the box's accessible name and its tooltip, whole.
    const box = page.locator('.calendar-event', { hasText: 'Storytelling circle' });
    assert.match((await box.textContent()) ?? '', /Storytelling circle/);
    await box.hover();
    assert.match((await box.getAttribute('title')) ?? '', /Storytelling circle/);
    await page.close();
  });

for (const locale of LOCALES)
  test(`${locale}: the import preview writes its dates as the UI does, not as ISO text`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const es = locale === 'es-ES';
    const page = await app.signedInPage('#/events', { locale });
    await page.getByRole('button', { name: es ? 'Importar' : 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', {
      name: es ? 'Importar un archivo de calendario' : 'Import a calendar file',
    });
    await dialog.locator('input[type=file]').setInputFiles('test/fixtures/ics/outlook.ics');
    await dialog
      .getByText(es ? 'Todavía no se ha escrito nada.' : 'Nothing has been written yet.', { exact: false })
      .waitFor();
    await page.screenshot({ path: shot(`import-preview-${locale}`) });
    const starts = await dialog
      .locator('[role="row"]')
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => row.querySelectorAll('[role="gridcell"], [role="rowheader"]')[1]?.textContent ?? ''),
      );
    assert.ok(starts.length > 0);
    for (const start of starts.map((text) => text.replace(/[\u00a0\u202f]/g, ' '))) {
      assert.doesNotMatch(start, /\d{4}-\d{2}-\d{2}/, 'no ISO date');
      assert.match(
        start,
        es ? /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/ : /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
      );
    }
    await dialog.getByRole('button', { name: es ? 'Cancelar' : 'Cancel', exact: true }).click();
    await page.close();
  });

for (const [locale, place] of [
  ['en-US', '12 Main St, Springfield, IL 62701, United States'],
  ['es-ES', '12 Main St, Springfield, IL 62701, United States'],
] as const)
  test(`${locale}: the card gives the venue's whole address, state and ZIP included`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage(`#/calendar?view=month&date=${dayOf(month, 6)}`, { locale });
    await page.locator('.calendar-event', { hasText: 'Poster run' }).click();
    const card = page.getByRole('dialog', { name: 'Poster run' });
    await card.locator('.event-card-place').filter({ hasText: 'IL' }).waitFor();
    assert.equal(await card.locator('.event-card-place').textContent(), place);
    await page.screenshot({ path: shot(`card-address-${locale}`) });
    await page.close();
  });

for (const locale of LOCALES)
  test(`${locale}: a printed page of a list of several pages says which events it holds, and of how many`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const es = locale === 'es-ES';
    const page = await app.signedInPage(`#/events?from=${dayOf(month, 2)}&to=${dayOf(month, 2)}&per_page=10`, {
      locale,
    });
    await page.getByRole('row', { name: /Workshop 1\b/ }).waitFor();
    const scope = page.locator('.print-scope');
    assert.equal(await scope.isVisible(), false, 'on paper only');
    await page.emulateMedia({ media: 'print' });
    await page.waitForFunction(() => document.documentElement.classList.contains('printing'));
    assert.equal(
      await scope.textContent(),
      es
        ? 'Esta es la página 1 de 2: eventos 1–10 de los 11 que cumplen los filtros. Cada página de la lista se imprime por separado; Exportar los da todos en un archivo.'
        : 'This is page 1 of 2: events 1–10 of the 11 that match the filters. Each page of the list prints on its own; Export gives them all in one file.',
    );
    assert.ok(await scope.isVisible());
    await page.screenshot({ path: shot(`print-events-list-${locale}`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.close();
  });

for (const [locale, language, label] of [
  ['es-ES', 'es', 'español (España)'],
  ['es-MX', 'mx', 'español (México)'],
  ['en-US', 'en', 'English'],
] as const)
  test(`${locale}: a new site speaks the UI's language unless another is chosen`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const es = locale.startsWith('es');
    const page = await app.signedInPage('#/settings', { locale });
    await page.getByRole('button', { name: es ? 'Nuevo sitio' : 'New site', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: es ? 'Nuevo sitio' : 'New site' });
    const picker = dialog.getByRole('button', { name: new RegExp(es ? 'Idioma' : 'Language') });
    assert.match((await picker.textContent()) ?? '', new RegExp(label.replace(/[()]/g, '\\$&')));
    await page.screenshot({ path: shot(`new-site-${locale}`) });
    const code = `site-${language}`;
    await dialog.getByLabel(es ? 'Código' : 'Code', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: es ? 'Crear sitio' : 'Create site', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const site = (await app.api('GET', '/almanac/v1/sites')).body.find((each: { code: string }) => each.code === code);
    assert.equal(site.language, language);
    await page.close();
  });
