// A button that copies a text (a token, a command, an address) and says so, or says how to copy
// it by hand when the clipboard refuses (a browser without permission, an insecure origin).
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { notify } from './Notices.tsx';
import { useT } from '../i18n/index.tsx';

export function CopyButton({
  text,
  copied,
  children,
  'aria-label': ariaLabel,
}: {
  text: string;
  /** Said once it is copied ("Token copied."). */
  copied: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const t = useT();
  return (
    <Button
      aria-label={ariaLabel}
      onPress={() =>
        void navigator.clipboard
          .writeText(text)
          .then(() => notify(copied))
          .catch(() => notify(t('tokens.copyFailed'), { tone: 'error' }))
      }
    >
      {children}
    </Button>
  );
}
