// One date style per screen (issue 36): in US English the card and the editor said a repeating
// event's rule as "until 4 January 2027" and "Every year on 1 December" (the API's British words)
// beside "Dec 1, 2026". The rule is now said in the UI's own locale, as every other date there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { editFromCard, startApp, type App } from './support.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never);
  if (!app) return;
  const first = await app.api('POST', 'events', {
    title: 'Winter lecture',
    start_date: '2026-12-01 18:00',
    end_date: '2026-12-01 19:00',
  });
  const series = await app.api('POST', '/almanac/v1/series', {
    event: first.body.id,
    rule: 'FREQ=WEEKLY;UNTIL=20270104;BYDAY=TU',
  });
  assert.equal(series.status, 201, JSON.stringify(series.body));
});
after(() => app?.close());

for (const [locale, words, not] of [
  ['en-US', 'Every Tuesday until January 4, 2027', /4 January/],
  ['en-GB', 'Every Tuesday until 4 January 2027', /January 4/],
  ['es-MX', 'Todos los martes, hasta el 4 de enero de 2027', /January/],
] as const)
  test(`${locale}: the card and the editor say the rule with the locale's own dates`, async (t) => {
    if (!app) return t.skip('browser tests unavailable');
    const page = await app.signedInPage('#/calendar?view=month&date=2026-12-01', { locale });
    const event = page.locator('.calendar-event', { hasText: 'Winter lecture' }).first();
    await event.waitFor();
    const editor = await editFromCard(page, event);
    // The card, then the editor's Repeat list: the same words.
    const repeat = editor.getByRole('button', { name: new RegExp(words) });
    await repeat.waitFor();
    await editor.getByRole('button', { name: locale.startsWith('es') ? 'Cancelar' : 'Cancel' }).click();
    await event.click();
    const card = page.getByRole('dialog', { name: 'Winter lecture' });
    await card.getByText(words).waitFor();
    assert.doesNotMatch((await card.textContent()) ?? '', not);
    await page.close();
  });
