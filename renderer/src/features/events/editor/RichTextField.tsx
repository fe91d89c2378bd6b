// Description: formatted text (bold, italic, links, lists) edited in place. The browser's own
// editing (contenteditable) does the work; the service keeps sanitizing whatever HTML arrives.
// Pasted text is inserted as plain text, so nothing from another page's styles comes along.
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog, Form, Popover, Toolbar } from 'react-aria-components';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Fields.tsx';
import { useT } from '../../../i18n/index.tsx';

export function RichTextField({
  label,
  value,
  onChange,
  error,
  resetKey,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string;
  /** Changing it reloads the field from `value` (the form was reset, e.g. "Take theirs"). */
  resetKey: number;
}) {
  const t = useT();
  const id = useId();
  const editor = useRef<HTMLDivElement>(null);
  const linkButton = useRef<HTMLButtonElement>(null);
  // The selection a link will wrap: typing the address in the popover moves the focus away from it.
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = value;
    // Only on (re)load: while typing, the DOM is the source and `value` follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const run = (command: string, argument?: string) => {
    editor.current?.focus();
    if (savedRange.current) {
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(savedRange.current);
      savedRange.current = null;
    }
    document.execCommand(command, false, argument);
    onChange(editor.current?.innerHTML ?? '');
  };

  const openLink = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current = range && editor.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
    setLinkUrl('https://');
    setLinkOpen(true);
  };

  return (
    <div className={`field rich-text${error ? ' is-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <Toolbar className="rich-text-toolbar" aria-label={t('editor.formatting')}>
        <Button variant="quiet" onPress={() => run('bold')} aria-label={t('editor.bold')} className="format-button">
          <b aria-hidden="true">{t('editor.boldShort')}</b>
        </Button>
        <Button variant="quiet" onPress={() => run('italic')} aria-label={t('editor.italic')} className="format-button">
          <i aria-hidden="true">{t('editor.italicShort')}</i>
        </Button>
        <Button variant="quiet" onPress={() => run('insertUnorderedList')} className="format-button">
          {t('editor.bulletList')}
        </Button>
        <Button variant="quiet" onPress={() => run('insertOrderedList')} className="format-button">
          {t('editor.numberedList')}
        </Button>
        <Button ref={linkButton} variant="quiet" className="format-button" onPress={openLink}>
          {t('editor.link')}
        </Button>
      </Toolbar>
      <Popover className="popover link-popover" triggerRef={linkButton} isOpen={linkOpen} onOpenChange={setLinkOpen}>
        <Dialog className="picker-dialog" aria-label={t('editor.link')}>
          <Form
            validationBehavior="aria"
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              const url = linkUrl.trim();
              if (/^(https?:\/\/.+|mailto:.+)/i.test(url)) run('createLink', url);
              setLinkOpen(false);
            }}
          >
            <TextField label={t('editor.linkPrompt')} value={linkUrl} onChange={setLinkUrl} type="url" autoFocus />
            <div className="form-actions">
              <Button variant="primary" type="submit">
                {t('editor.link')}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Popover>
      <div
        ref={editor}
        className="input rich-text-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        tabIndex={0}
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onPaste={(event) => {
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
      />
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
