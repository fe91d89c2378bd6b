// Form fields with a visible label, an optional help text and an error, tied to the input
// (label for=, aria-describedby) and marked aria-invalid. Errors come from the server's 400
// (`data.params`), shown at their field. Text fields and checkboxes are the browser's own
// controls, which are accessible as they are: react-aria's versions added nothing a user meets
// here and were a third of the time the event editor took to open (~40 fields). Selects,
// comboboxes and dialogs stay react-aria's.
import { useId, type ReactNode } from 'react';
import {
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  Button as AriaButton,
  type Key,
} from 'react-aria-components';
import { Icon } from './Icon.tsx';

interface FieldProps {
  label: string;
  description?: string;
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
  name?: string;
}

/** aria-describedby of a native control with this id: its help and its error, when shown. */
export function describedByOf(id: string, description?: string, error?: string): string | undefined {
  return [description ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A native control's help and error under it, with the ids describedByOf names. */
export function FieldNotes({ id, description, error }: { id: string; description?: string; error?: string }) {
  return (
    <>
      {description && (
        <span className="field-help" id={`${id}-help`}>
          {description}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  );
}

export function TextField({
  label,
  description,
  error,
  value,
  onChange,
  multiline = false,
  type = 'text',
  autoFocus,
  placeholder,
  inputMode,
  children,
  onBlur,
  ...props
}: FieldProps & {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url' | 'password' | 'search' | 'tel';
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** Shown for copying, not for editing (a new token's secret). */
  isReadOnly?: boolean;
  /** Controls shown beside the input (a picker button). */
  children?: ReactNode;
}) {
  const id = useId();
  const control = {
    id,
    className: 'input',
    value,
    placeholder,
    autoFocus,
    name: props.name,
    onBlur,
    disabled: props.isDisabled,
    readOnly: props.isReadOnly,
    // Required and invalid are said, not enforced by the browser: the server's 400 is the check.
    'aria-required': props.isRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByOf(id, description, error),
  };
  return (
    <div className={`field${props.className ? ` ${props.className}` : ''}`} data-invalid={error ? true : undefined}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        {multiline ? (
          <textarea {...control} rows={3} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...control} type={type} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
        )}
        {children}
      </div>
      <FieldNotes id={id} description={description} error={error} />
    </div>
  );
}

export function Checkbox({
  label,
  value,
  onChange,
  isDisabled,
}: {
  label: string;
  value: boolean;
  onChange(value: boolean): void;
  isDisabled?: boolean;
}) {
  return (
    <label className="checkbox" data-selected={value || undefined} data-disabled={isDisabled || undefined}>
      <input
        type="checkbox"
        className="visually-hidden checkbox-input"
        checked={value}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="checkbox-box" aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
      {label}
    </label>
  );
}

interface Option {
  id: string;
  label: string;
}

export function SelectField({
  label,
  description,
  error,
  value,
  onChange,
  options,
  isDisabled,
}: FieldProps & { value: string; onChange(value: string): void; options: Option[] }) {
  return (
    <Select
      className="field"
      selectedKey={value}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key))}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <AriaButton className="input select-button">
        <SelectValue />
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      {description && (
        <Text slot="description" className="field-help">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem className="listbox-item" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
