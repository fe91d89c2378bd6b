// Preferences kept by the service: the desktop window's origin is http://127.0.0.1:<port>, and the
// port is 8940 only when it is free. A page's own storage is per origin; the preferences are not
// kept there any more (api/preferences.ts), so after a move to another port the UI has them still.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, UI_DIR } from './support.ts';
import { DEFAULT_CONTEXT } from '../../scripts/ui/browser.ts';
import { startService } from '../../server/service.ts';

test('the theme chosen in Settings is there after Almanac starts on another port (a new origin)', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const page = await app.signedInPage('#/settings');
    await page.getByRole('button', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const deadline = Date.now() + 10_000;
    while ((await app.api('GET', '/almanac/v1/preferences')).body.preferences.theme !== 'dark') {
      assert.ok(Date.now() < deadline, 'the service saved the preference');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const before = app.service.url;
    await app.service.stop();
    const moved = await startService({
      dataDir: app.dataDir,
      port: 0,
      tuneHeap: false,
      dailyBackups: false,
      uiDir: UI_DIR,
    });
    try {
      assert.notEqual(moved.url, before, 'another port: another origin, with nothing in its storage');
      const context = await app.browser.newContext(DEFAULT_CONTEXT);
      try {
        const fresh = await context.newPage();
        await fresh.goto(moved.signInUrl());
        await fresh.getByText('Signed in as admin').waitFor();
        await fresh.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
        assert.equal(await fresh.evaluate(() => window.location.origin), moved.url);
      } finally {
        await context.close();
      }
    } finally {
      await moved.stop();
    }
  } finally {
    await app.close();
  }
});
