// Pick one or several items (a venue, organizers, categories, tags) by typing: the chosen ones as
// removable chips, a combobox that searches, and a last option "Create “…”" for what does not
// exist yet. Keyboard: type, arrows, Enter; Backspace or Delete on a chip removes it. A click in
// the field opens its list, as its arrow does.
// Enter takes the option the arrows went to, or else the first one shown (drawn as the default
// while text is typed): typed text with "Create “Outdoor”" under it, Enter creates it. Text left in
// the field when its form saves stops the save and is said at the field (pending-text.ts).
import { useContext, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  ComboBoxStateContext,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  Text,
  type Key,
} from 'react-aria-components';
import { Icon } from './Icon.tsx';
import { describedByOf, FieldNotes } from './Fields.tsx';
import { usePendingTextCheck } from './pending-text.ts';
import { useT } from '../i18n/index.tsx';

export interface PickerItem {
  /** A stable key: the item's id as text, or `new:<name>` for one to create. */
  key: string;
  label: string;
  /** Shown after the label in the list (a city, a parent category). */
  detail?: string;
}

const CREATE = '\u0000create';

/** How a dormant picker was woken: a Tab (closed), its arrow (open, on the first option), a click (open). */
type Wake = 'focus' | 'button' | 'click';

export function ChoicePicker({
  label,
  description,
  error,
  selected,
  options,
  onInputChange,
  onAdd,
  onCreate,
  onRemove,
  children,
  isLoading,
  onActivate,
}: {
  label: string;
  description?: string;
  error?: string;
  selected: PickerItem[];
  /** What the typed text finds (already chosen ones are left out here). */
  options: PickerItem[];
  onInputChange(text: string): void;
  onAdd(item: PickerItem): void;
  /** Create from the typed text; omitted: no "Create" option. */
  onCreate?(name: string): void;
  onRemove(key: string): void;
  /** Extra fields under the picker (a new venue's address). */
  children?: ReactNode;
  isLoading?: boolean;
  /** The first time the field gets the focus: load the options then, not with the whole form. */
  onActivate?(): void;
}) {
  const t = useT();
  // Until it is first focused or pressed, the field is a plain input that looks and reads the same
  // (a collapsed combobox with its label and help): four react-aria ComboBoxes were a fifth of the
  // time the event editor took to open. The first focus wakes it: the ComboBox replaces it in place
  // and takes the focus, before any key can be typed.
  const [awake, setAwakeAs] = useState<false | Wake>(false);
  // The first way it was woken counts (a click is a press, then a focus).
  const setAwake = (by: Wake) => setAwakeAs((current) => current || by);
  const inputRef = useRef<HTMLInputElement>(null);
  // Woken by its arrow button: open the list as that button would have (ArrowDown opens it).
  useEffect(() => {
    if (awake === 'button')
      inputRef.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  }, [awake]);
  const [input, setInput] = useState('');
  // Said at the field when its form was saved with text still typed here (pending-text.ts).
  const [unsettled, setUnsettled] = useState<string>();
  // A choice starts a fresh field (a new key): emptying the field in place would make react-aria
  // open the list again at once. The new field takes the focus, so typing can go on.
  const [generation, setGeneration] = useState(0);
  const chosen = new Set(selected.map((item) => item.key));
  const typed = input.trim();
  const exact = options.some((option) => option.label.toLowerCase() === typed.toLowerCase());
  const items: PickerItem[] = [
    ...options.filter((option) => !chosen.has(option.key)),
    ...(onCreate && typed !== '' && !exact ? [{ key: CREATE, label: t('editor.create', { name: typed }) }] : []),
  ];
  const change = (text: string) => {
    setInput(text);
    setUnsettled(undefined);
    onInputChange(text);
  };
  const choose = (key: string) => {
    if (key === CREATE) onCreate?.(typed);
    else {
      const item = items.find((option) => option.key === key);
      if (!item) return;
      onAdd(item);
    }
    change('');
    setGeneration((current) => current + 1);
  };
  usePendingTextCheck(() => {
    if (typed === '') return null;
    setUnsettled(t(onCreate ? 'editor.pendingCreate' : 'editor.pendingChoose', { name: typed }));
    return inputRef.current;
  });
  const shownError = error ?? unsettled;
  return (
    <div className="field picker" onFocusCapture={onActivate}>
      {!awake ? (
        <DormantCombobox label={label} description={description} error={shownError} onWake={setAwake} />
      ) : (
        <ComboBox
          key={generation}
          className="field"
          inputValue={input}
          onInputChange={change}
          items={items}
          selectedKey={null}
          onSelectionChange={(key) => {
            if (key !== null) choose(String(key));
          }}
          isInvalid={Boolean(shownError)}
          validationBehavior="aria"
          // Open while typing even before the results (and "Create …") are there.
          allowsEmptyCollection
        >
          <Label className="field-label">{label}</Label>
          <div className="field-control combobox-control">
            <PickerInput
              inputRef={inputRef}
              // Woken by a click in the field: its list opens (no option gone to yet).
              openAtOnce={awake === 'click' && generation === 0}
              // Enter with no option gone to by the arrows: the first one shown, the one drawn as
              // the default ("Create “Outdoor”" when nothing else matches). react-aria's own Enter
              // takes an option only once the arrows have gone to one (the input then names it).
              onEnter={(input) => {
                if (typed === '' || input.getAttribute('aria-activedescendant')) return false;
                const first = items[0];
                if (first) choose(first.key);
                return true;
              }}
            />
            <AriaButton className="combobox-button">
              <Icon name="chevronDown" size={16} />
            </AriaButton>
          </div>
          {description && (
            <Text slot="description" className="field-help">
              {description}
            </Text>
          )}
          <FieldError className="field-error">{shownError}</FieldError>
          <Popover className="popover">
            <ListBox
              // While text is typed, the first option is drawn as the one Enter takes (picker CSS).
              className={`listbox picker-listbox${typed !== '' ? ' has-default' : ''}`}
              renderEmptyState={() => (
                <div className="listbox-empty">{isLoading ? t('common.loading') : t('common.noResults')}</div>
              )}
            >
              {(item: PickerItem) => (
                <ListBoxItem
                  className={`listbox-item${item.key === CREATE ? ' is-create' : ''}`}
                  id={item.key}
                  textValue={item.label}
                >
                  <span>{item.label}</span>
                  {item.detail && <span className="listbox-detail">{item.detail}</span>}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
      {/* The chosen ones, under the field (a TagGroup inside the ComboBox would take its list context). */}
      {selected.length > 0 && (
        <TagGroup
          className="chips"
          aria-label={label}
          onRemove={(keys: Set<Key>) => {
            for (const key of keys) onRemove(String(key));
          }}
        >
          <TagList className="chip-list" items={selected}>
            {(item: PickerItem) => (
              <Tag className="chip" id={item.key} textValue={item.label}>
                <span>{item.label}</span>
                <AriaButton slot="remove" className="chip-remove" aria-label={t('editor.remove', { name: item.label })}>
                  <Icon name="close" size={12} />
                </AriaButton>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}
      {children}
    </div>
  );
}

/**
 * The picker's text input: a click opens the list (as the arrow beside it does; Tab alone does
 * not), and Enter goes to `onEnter` first, which says whether it took the key.
 */
function PickerInput({
  inputRef,
  openAtOnce,
  onEnter,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  openAtOnce: boolean;
  onEnter(input: HTMLInputElement): boolean;
}) {
  const state = useContext(ComboBoxStateContext);
  const opened = useRef(false);
  useEffect(() => {
    if (!openAtOnce || opened.current || !state) return;
    opened.current = true;
    state.open(null, 'manual');
  }, [openAtOnce, state]);
  return (
    <Input
      className="input"
      autoFocus
      ref={inputRef}
      onClick={() => {
        if (state && !state.isOpen) state.open(null, 'manual');
      }}
      onKeyDown={(event) => {
        // Never the form's own Enter (its Save) while text is typed here: it is this field's.
        if (event.key === 'Enter' && onEnter(event.currentTarget)) event.preventDefault();
      }}
    />
  );
}

/** The picker before its first use: a collapsed combobox, same label, help and error, no machinery. */
function DormantCombobox({
  label,
  description,
  error,
  onWake,
}: {
  label: string;
  description?: string;
  error?: string;
  onWake(by: Wake): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control combobox-control">
        <input
          id={id}
          className="input"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(id, description, error)}
          value=""
          readOnly
          // A click wakes it with its list open (as its arrow does); a Tab, closed.
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.preventDefault(); // the woken field takes the focus, not this one on its way out
            onWake('click');
          }}
          onFocus={() => onWake('focus')}
        />
        <button
          type="button"
          className="combobox-button"
          tabIndex={-1}
          aria-hidden="true"
          onPointerDown={(event) => {
            event.preventDefault(); // no focus on the button: the woken field takes it
            onWake('button');
          }}
        >
          <Icon name="chevronDown" size={16} />
        </button>
      </div>
      <FieldNotes id={id} description={description} error={error} />
    </div>
  );
}
