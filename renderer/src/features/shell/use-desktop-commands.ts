// Menu commands from the desktop app (File → New event, Print…, Export PDF…; Help → API
// documentation). Printing starts here, in the window, so the view is laid out for paper first.
import { useEffect } from 'react';
import { desktopBridge } from '../../api/auth.ts';
import { useUi } from '../../state/ui-store.ts';
import { whilePrinting } from '../../components/printing.ts';

export function useDesktopCommands(): void {
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return undefined;
    return bridge.onMenuCommand((command) => {
      const ui = useUi.getState();
      if (command === 'new-event') ui.openEditor({ kind: 'event', id: null });
      if (command === 'api-docs') ui.setScreen('api');
      if (command === 'print') window.print();
      if (command === 'export-pdf') void whilePrinting(() => bridge.exportPdf(document.title));
    });
  }, []);
}
