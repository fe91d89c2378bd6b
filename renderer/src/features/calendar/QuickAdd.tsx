// Quick add: a click on an empty day or a drag across time slots asks only for a title; Enter
// saves. "More options…" carries what was typed into the full editor.
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Fields.tsx';
import { useCreateEvent } from '../../api/events.ts';
import { ApiError } from '../../api/errors.ts';
import { useErrorText } from '../../components/States.tsx';
import { notify } from '../../components/Notices.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';

export interface QuickAddSlot {
  start: string;
  end: string;
  allDay: boolean;
  /** The slot in words ("Tuesday, March 5, 7:00 – 8:00 PM"). */
  label: string;
}

export function QuickAdd({ slot, onClose }: { slot: QuickAddSlot; onClose(): void }) {
  const t = useT();
  const errorText = useErrorText();
  const [title, setTitle] = useState('');
  const create = useCreateEvent();
  const titleError =
    create.error instanceof ApiError ? (create.error.params.title ?? errorText(create.error)) : undefined;
  const more = () => {
    onClose();
    useUi.getState().openEditor({ kind: 'event', id: null, defaults: { ...slot, title } });
  };
  return (
    <Dialog title={t('quickAdd.title')} isOpen onClose={onClose} size="small">
      <Form
        validationBehavior="aria"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const text = title.trim();
          if (text === '') return;
          create.mutate(
            { title: text, start_date: slot.start, end_date: slot.end, all_day: slot.allDay, status: 'publish' },
            {
              onSuccess: () => {
                notify(t('editor.created', { title: text }));
                onClose();
              },
            },
          );
        }}
      >
        <p className="quick-add-when">{slot.label}</p>
        <TextField
          label={t('quickAdd.titleLabel')}
          description={t('quickAdd.hint')}
          value={title}
          onChange={setTitle}
          error={
            titleError ?? (create.isError && !(create.error instanceof ApiError) ? errorText(create.error) : undefined)
          }
          autoFocus
          isRequired
        />
        <div className="form-actions">
          <Button variant="quiet" onPress={more}>
            {t('quickAdd.more')}
          </Button>
          <Button variant="primary" type="submit" isDisabled={create.isPending}>
            {t('quickAdd.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
