// The application menu (electron/menu.ts): standard roles on every platform plus Almanac's items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from '../../electron/menu.ts';

function labels(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    item.label ?? item.role ?? item.type ?? '',
    ...(Array.isArray(item.submenu) ? labels(item.submenu).map((sub) => `${item.label ?? item.role} > ${sub}`) : []),
  ]);
}

test('File has New Event, Print…, Export PDF…, Back Up Now and Open Data Folder; Help has API Documentation and Check for Updates; each runs its action', () => {
  const ran: string[] = [];
  const template = menuTemplate('linux', {
    newEvent: () => ran.push('new'),
    print: () => ran.push('print'),
    exportPdf: () => ran.push('pdf'),
    backupNow: () => ran.push('backup'),
    openDataFolder: () => ran.push('folder'),
    apiDocumentation: () => ran.push('api'),
    checkForUpdates: () => ran.push('updates'),
    about: () => ran.push('about'),
  });
  const all = labels(template);
  for (const expected of [
    '&File > New Event',
    '&File > Print…',
    '&File > Export PDF…',
    '&File > Back Up Now',
    '&File > Open Data Folder',
    '&File > quit',
    'editMenu',
    'viewMenu',
    'windowMenu',
    'help > API Documentation',
    'help > Check for Updates…',
    'help > About Almanac',
  ])
    assert.ok(all.includes(expected), `${expected} in ${all.join(' | ')}`);
  const click = (menu: string, label: string) => {
    const parent = template.find((item) => (item.label ?? item.role) === menu)!;
    const item = (parent.submenu as MenuItemConstructorOptions[]).find((entry) => entry.label === label)!;
    (item.click as () => void)();
  };
  click('&File', 'New Event');
  click('&File', 'Print…');
  click('&File', 'Export PDF…');
  click('&File', 'Back Up Now');
  click('&File', 'Open Data Folder');
  click('help', 'API Documentation');
  click('help', 'Check for Updates…');
  click('help', 'About Almanac');
  assert.deepEqual(ran, ['new', 'print', 'pdf', 'backup', 'folder', 'api', 'updates', 'about']);
  const newEvent = (template[0]!.submenu as MenuItemConstructorOptions[])[0]!;
  assert.equal(newEvent.accelerator, 'CmdOrCtrl+N');
});

test('macOS gets the app menu role (About, Quit live there)', () => {
  const template = menuTemplate('darwin', {
    newEvent() {},
    print() {},
    exportPdf() {},
    backupNow() {},
    openDataFolder() {},
    apiDocumentation() {},
    checkForUpdates() {},
    about() {},
  });
  assert.equal(template[0]!.role, 'appMenu');
  const all = labels(template);
  assert.equal(all.includes('&File > quit'), false);
  assert.equal(all.includes('help > About Almanac'), false);
  assert.equal(all.includes('help > Check for Updates…'), true);
});
