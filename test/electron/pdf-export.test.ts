// File → Export PDF… (electron/pdf-export.ts) under plain Node: a fake of Electron's dialog and of
// webContents.printToPDF (Chromium's PDF rendering needs the real binary); the file is real.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPdf, pdfFileName } from '../../electron/pdf-export.ts';
import { FakeDialog, FakeWebContents } from './fakes.ts';

const folder = mkdtempSync(join(tmpdir(), 'almanac-pdf-'));
const deps = (dialog: FakeDialog, webContents = new FakeWebContents()) => ({
  webContents: webContents as never,
  dialog: dialog as never,
  folder,
});

test('the file name comes from the view, without characters file systems refuse', () => {
  assert.equal(pdfFileName('Diciembre de 2026 — Almanac'), 'Diciembre de 2026 Almanac.pdf');
  assert.equal(pdfFileName('a/b\\c:d*e?f"g<h>i|j'), 'a b c d e f g h i j.pdf');
  assert.equal(pdfFileName('   '), 'Almanac.pdf');
  assert.equal(pdfFileName('x'.repeat(300)).length, 84);
});

test('saved where the user chose (.pdf added), rendered with the print stylesheet’s page size', async () => {
  const dialog = new FakeDialog();
  dialog.savePaths.push(join(folder, 'month'));
  const contents = new FakeWebContents();
  assert.equal(await exportPdf(deps(dialog, contents), 'Week 49'), 'saved');
  assert.ok(readFileSync(join(folder, 'month.pdf'), 'utf8').startsWith('%PDF-'));
  assert.deepEqual(contents.printed, [{ printBackground: true, preferCSSPageSize: true }]);
  assert.equal((dialog.saveDialogs[0] as { defaultPath: string }).defaultPath, join(folder, 'Week 49.pdf'));
});

test('a cancelled dialog renders and writes nothing; a failed write is said in a message box', async () => {
  const contents = new FakeWebContents();
  assert.equal(await exportPdf(deps(new FakeDialog(), contents), 'x'), 'cancelled');
  assert.deepEqual(contents.printed, []);

  const dialog = new FakeDialog();
  const missing = join(folder, 'no-such-folder', 'x.pdf');
  dialog.savePaths.push(missing);
  assert.equal(await exportPdf(deps(dialog), 'x'), 'cancelled');
  assert.equal(existsSync(missing), false);
  assert.match(String(dialog.shown[0]?.message), /could not be written/);
  assert.match(String(dialog.shown[0]?.detail), /no-such-folder/);
});
