// Failures out of sight reach the person who can act on them: a backup that failed shows as a
// notice above every screen (for the install administrator), which leads to Settings → Backups,
// where the last failure is written with its time — until a backup succeeds again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from './support.ts';

test('a failed backup: a notice in the window, the failure in Settings → Backups; gone once a backup works', async (t) => {
  const app = await startApp(t);
  if (!app) return;
  try {
    const folder = join(app.dataDir, 'backups');
    mkdirSync(folder, { recursive: true });
    renameSync(folder, `${folder}.aside`);
    writeFileSync(folder, 'a file where the backups folder should be');
    assert.equal((await app.api('POST', '/almanac/v1/backups')).status, 500);
    rmSync(folder);
    renameSync(`${folder}.aside`, folder);

    const page = await app.signedInPage();
    const notice = page.getByRole('status').filter({ hasText: 'A backup failed' });
    await notice.waitFor();
    assert.match(await notice.innerText(), /manual backup: /);
    await notice.getByRole('button', { name: 'Open Backups' }).click();
    const lastFailure = page.getByText(/^The last backup failed \(/);
    await lastFailure.waitFor();

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/^Backup written/).waitFor();
    await lastFailure.waitFor({ state: 'detached' });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  } finally {
    await app.close();
  }
});
