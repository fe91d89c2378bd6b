// Form fields with a visible label, an optional help text and an error: react-aria ties the label,
// the help and the error to the input (aria-labelledby / aria-describedby) and marks it
// aria-invalid. Errors come from the server's 400 (`data.params`), shown at their field.
import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField as AriaTextField,
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
  onKeyDown,
  children,
  ...props
}: FieldProps & {
  value: string;
  onChange(value: string): void;
  multiline?: boolean;
  type?: 'text' | 'email' | 'url' | 'password' | 'search' | 'tel';
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  onKeyDown?: (event: React.KeyboardEvent) => void;
  /** Shown for copying, not for editing (a new token's secret). */
  isReadOnly?: boolean;
  /** Controls shown beside the input (a picker button). */
  children?: ReactNode;
}) {
  return (
    <AriaTextField
      className={`field${props.className ? ` ${props.className}` : ''}`}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      isReadOnly={props.isReadOnly}
      name={props.name}
      type={type}
      autoFocus={autoFocus}
      inputMode={inputMode}
      onKeyDown={onKeyDown}
      validationBehavior="aria"
    >
      <Label className="field-label">{label}</Label>
      <div className="field-control">
        {multiline ? (
          <TextArea className="input" rows={3} placeholder={placeholder} />
        ) : (
          <Input className="input" placeholder={placeholder} />
        )}
        {children}
      </div>
      {description && (
        <Text slot="description" className="field-help">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
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
    <AriaCheckbox className="checkbox" isSelected={value} onChange={onChange} isDisabled={isDisabled}>
      <span className="checkbox-box" aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
      {label}
    </AriaCheckbox>
  );
}

export interface Option {
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
