// The application menu: the platform's standard roles (so copy/paste, zoom, full screen and window
// management behave as users expect), plus Almanac's own items.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newEvent(): void;
  print(): void;
  exportPdf(): void;
  backupNow(): void;
  openDataFolder(): void;
  apiDocumentation(): void;
  checkForUpdates(): void;
  about(): void;
}

export function menuTemplate(platform: NodeJS.Platform, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'New Event', accelerator: 'CmdOrCtrl+N', click: () => actions.newEvent() },
      { type: 'separator' },
      { label: 'Print…', accelerator: 'CmdOrCtrl+P', click: () => actions.print() },
      { label: 'Export PDF…', accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportPdf() },
      { type: 'separator' },
      { label: 'Back Up Now', click: () => actions.backupNow() },
      { label: 'Open Data Folder', click: () => actions.openDataFolder() },
      ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'API Documentation', click: () => actions.apiDocumentation() },
      { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
      ...(mac ? [] : [{ type: 'separator' } as const, { label: 'About Almanac', click: () => actions.about() }]),
    ],
  };
  return [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    file,
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    help,
  ];
}
