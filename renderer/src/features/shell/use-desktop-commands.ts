// Menu commands from the desktop app (File → New event, Help → API documentation).
import { useEffect } from 'react';
import { desktopBridge } from '../../api/auth.ts';
import { useUi } from '../../state/ui-store.ts';

export function useDesktopCommands(): void {
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return undefined;
    return bridge.onMenuCommand((command) => {
      const ui = useUi.getState();
      if (command === 'new-event') ui.openEditor({ kind: 'event', id: null });
      if (command === 'api-docs') ui.setScreen('api');
    });
  }, []);
}
