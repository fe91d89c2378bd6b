// Light, dark or the system's: a data attribute on <html> the style sheet reads.
import { useEffect } from 'react';
import { useUi } from '../../state/ui-store.ts';

export function useTheme(): void {
  const theme = useUi((state) => state.preferences.theme);
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
}
