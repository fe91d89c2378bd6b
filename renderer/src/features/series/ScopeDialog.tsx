// The question a change to one occurrence of a repeating event asks, as Google Calendar asks it:
// this event, this and following events, or all events. Asked when an edited occurrence is saved,
// when one is dragged or resized, and when one is deleted. A change of the rule itself can only
// be about this and the following events or all of them. "All events" says whether the
// occurrences changed on their own follow too (they lose their own changes then). Arrow keys move
// between the choices, Enter answers, Esc cancels.
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Fields.tsx';
import { useT } from '../../i18n/index.tsx';
import type { Scope } from './series-edits.ts';

export function ScopeDialog({
  mode,
  allowThis = true,
  onChoose,
  onCancel,
}: {
  mode: 'edit' | 'delete';
  /** false: the rule changed, which no single event can take. */
  allowThis?: boolean;
  onChoose(scope: Scope, includeDetached: boolean): void;
  onCancel(): void;
}) {
  const t = useT();
  const formId = useId();
  const scopes: Scope[] = allowThis ? ['this', 'following', 'all'] : ['following', 'all'];
  const [scope, setScope] = useState<Scope>(scopes[0]!);
  const [includeDetached, setIncludeDetached] = useState(false);
  // The first choice takes the focus once the dialog has placed its own (a frame later), so the
  // arrows move between the choices and Enter answers at once.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => first.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Dialog
      title={t(mode === 'edit' ? 'series.scopeEditTitle' : 'series.scopeDeleteTitle')}
      isOpen
      onClose={onCancel}
      size="small"
      footer={
        <>
          <Button onPress={onCancel}>{t('common.cancel')}</Button>
          <Button variant={mode === 'delete' ? 'danger' : 'primary'} type="submit" form={formId}>
            {t(mode === 'edit' ? 'series.scopeSave' : 'common.delete')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="scope-form"
        onSubmit={(event) => {
          // Rendered inside the editor's form in React's tree: its submit must not reach that one.
          event.preventDefault();
          event.stopPropagation();
          onChoose(scope, scope === 'all' && mode === 'edit' && includeDetached);
        }}
      >
        <fieldset className="scope-choices">
          <legend className="visually-hidden">{t('series.scopeLegend')}</legend>
          {scopes.map((choice, index) => (
            <label key={choice} className="radio">
              <input
                type="radio"
                name="scope"
                value={choice}
                checked={scope === choice}
                ref={index === 0 ? first : undefined}
                onChange={() => setScope(choice)}
              />
              {t(`series.scope.${choice}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'edit' && scope === 'all' && (
          <div className="scope-detached">
            <Checkbox label={t('series.includeDetached')} value={includeDetached} onChange={setIncludeDetached} />
            <p className="field-help">{t('series.includeDetachedHelp')}</p>
          </div>
        )}
      </form>
    </Dialog>
  );
}
