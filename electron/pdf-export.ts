// File → Export PDF…: the window's current view saved as a PDF, laid out by the same print
// stylesheet as File → Print… (styles/print.css: landscape, 10 mm margins; a busy month on one
// page). The window puts itself in printing mode before asking (renderer printing.ts), because
// FullCalendar measures events in pixels and must measure with the paper styles applied; here we
// only ask where to save, render and write. Kept apart from desktop.ts so it runs under plain Node
// with fakes of Electron's objects.
import type { Dialog, WebContents } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type PdfExportResult = 'saved' | 'cancelled';

export interface PdfExportDeps {
  webContents: Pick<WebContents, 'printToPDF'>;
  dialog: Pick<Dialog, 'showSaveDialog' | 'showMessageBox'>;
  /** Where the save dialog starts (the user's Documents folder). */
  folder: string;
  write?: (file: string, data: Buffer) => Promise<void>;
}

/** A file name from the view's title: letters, digits, spaces and dashes only, never empty. */
export function pdfFileName(title: string): string {
  const clean = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${clean || 'Almanac'}.pdf`;
}

export async function exportPdf(deps: PdfExportDeps, title: string): Promise<PdfExportResult> {
  const chosen = await deps.dialog.showSaveDialog({
    title: 'Export PDF',
    defaultPath: join(deps.folder, pdfFileName(title)),
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  });
  if (chosen.canceled || !chosen.filePath) return 'cancelled';
  const file = /\.pdf$/i.test(chosen.filePath) ? chosen.filePath : `${chosen.filePath}.pdf`;
  try {
    // preferCSSPageSize: the print stylesheet's @page (landscape) decides, as it does when printing.
    const data = await deps.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
    await (deps.write ?? writeFile)(file, data);
    return 'saved';
  } catch (error) {
    await deps.dialog.showMessageBox({
      type: 'error',
      message: 'The PDF could not be written.',
      detail: `${file}\n${(error as Error).message}`,
    });
    return 'cancelled';
  }
}
