// Modal dialogs from react-aria: focus moves in and is trapped, Esc and a click outside ask to
// close (the owner decides: an editor with unsaved changes asks first), focus returns on close.
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import { NoticeSlot } from './Notices.tsx';
import { useT } from '../i18n/index.tsx';

export function Dialog({
  title,
  isOpen,
  onClose,
  children,
  footer,
  size = 'medium',
  role = 'dialog',
}: {
  title: string;
  isOpen: boolean;
  /** Asked to close (Esc, a click outside, the close button). */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  role?: 'dialog' | 'alertdialog';
}) {
  const t = useT();
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className={`modal modal-${size}`}>
        <AriaDialog className="dialog" role={role}>
          <header className="dialog-header">
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>
            <Button
              variant="quiet"
              icon="close"
              aria-label={t('common.close')}
              onPress={onClose}
              className="icon-button"
            />
          </header>
          <div className="dialog-body">{children}</div>
          <NoticeSlot />
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A yes/no question (discard changes, delete): the safe choice has the focus. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  isOpen,
  danger = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isOpen: boolean;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onClose={onCancel}
      size="small"
      role="alertdialog"
      footer={
        <>
          <Button onPress={onCancel} autoFocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{body}</p>
    </Dialog>
  );
}
