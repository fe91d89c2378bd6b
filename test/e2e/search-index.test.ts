// The search index in the UI: while a calendar from before it is being indexed (after an update),
// a notice says how far it is, in the window's language; and the Events list searches a word as it
// is typed without asking for its first letters on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, dayOf, nextMonth } from './support.ts';
import { writeGateOf } from '../../server/http/write-gate.ts';

test('"Preparing search: N%" while the index is built, in English and Spanish; gone when it is done', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const page = await app.signedInPage('#/events');
    const spanish = await app.signedInPage('#/events', { locale: 'es-ES' });
    // As the first start after the update leaves a big calendar: 40 % done. The write gate held
    // (as an import holds it) keeps the service's upkeep from going on with it meanwhile.
    const release = writeGateOf(app.service.store).close();
    const db = app.service.store.db;
    db.prepare("UPDATE search_backfill SET phase = 'posts', done = 40, total = 100 WHERE id = 1").run();
    await Promise.all([page.reload(), spanish.reload()]);
    const notice = page.getByRole('status').filter({ hasText: 'Preparing search: 40%' });
    await notice.waitFor();
    await spanish.getByRole('status').filter({ hasText: 'Preparando la búsqueda: 40 %' }).waitFor();
    // Searching works meanwhile (the rows are read).
    assert.equal((await app.api('GET', 'events?search=anything')).status, 200);
    // The upkeep finishes the (small) calendar once it may write again.
    release();
    await notice.waitFor({ state: 'detached' });
    assert.equal(db.prepare('SELECT phase FROM search_backfill').pluck().get(), 'done');
  } finally {
    await app.close();
  }
});

test('the Events list searches a word as it is typed, not its first one or two letters on the way', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    // Next month: the list shows what is to come.
    const day = dayOf(nextMonth(), 20);
    for (const title of ['Jazz brunch', 'Opera night'])
      await app.api('POST', 'events', {
        title,
        status: 'publish',
        start_date: `${day} 10:00`,
        end_date: `${day} 11:00`,
      });
    const page = await app.signedInPage('#/events');
    await page.getByRole('grid', { name: 'Events list' }).waitFor();
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/event-list') && url.searchParams.has('search'))
        searched.push(url.searchParams.get('search')!);
    });
    // Typed at a brisk pace (60 ms a key): every key from the third on asks at once.
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('jazz', { delay: 60 });
    await page.waitForFunction(() => new URLSearchParams(location.hash.split('?')[1]).get('search') === 'jazz');
    await page.getByRole('rowheader', { name: /Jazz brunch/ }).waitFor();
    assert.deepEqual(searched, ['jaz', 'jazz']);
    // A short search on its own is asked once typing pauses.
    await page.getByRole('searchbox', { name: 'Search' }).fill('op');
    await page.waitForFunction(() => new URLSearchParams(location.hash.split('?')[1]).get('search') === 'op');
    await page.getByRole('rowheader', { name: /Opera night/ }).waitFor();
  } finally {
    await app.close();
  }
});
