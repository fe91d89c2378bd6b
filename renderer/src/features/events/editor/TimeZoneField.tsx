// Time zone: a searchable list of the IANA zones this system knows, and any `UTC±N` typed in.
// Enter chooses, it never saves the form the field is in.
import { useMemo, useState } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { Icon } from '../../../components/Icon.tsx';
import { useT } from '../../../i18n/index.tsx';

const NO_ITEMS: { id: string }[] = [];

function allZones(): string[] {
  const supported = (Intl as { supportedValuesOf?(key: string): string[] }).supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}

export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const t = useT();
  const zones = useMemo(() => allZones(), []);
  const [input, setInput] = useState(value);
  // The list's items are built once the field is first focused: react-aria builds a ComboBox's
  // whole collection even while it is closed, and 200 zones were a large part of opening the
  // editor. (Building them only while open looped: the collection changed under the opening.)
  const [engaged, setEngaged] = useState(false);
  const needle = input.trim().toLowerCase().replace(/\s+/g, '_');
  const items = useMemo(
    () =>
      (needle === '' || needle === value.toLowerCase()
        ? zones
        : zones.filter((zone) => zone.toLowerCase().includes(needle))
      )
        .slice(0, 200)
        .map((zone) => ({ id: zone })),
    [zones, needle, value],
  );
  return (
    <ComboBox
      className="field"
      allowsCustomValue
      inputValue={input}
      onInputChange={(text) => {
        setInput(text);
        // A typed offset (UTC+5, UTC-3:30) or an exact zone name is a value as it stands.
        if (/^UTC([+-]\d{1,2}(:\d{2})?)?$/i.test(text.trim()) || zones.includes(text.trim())) onChange(text.trim());
      }}
      selectedKey={zones.includes(value) ? value : null}
      onSelectionChange={(key) => {
        if (key === null) return;
        onChange(String(key));
        setInput(String(key));
      }}
      onBlur={() => {
        if (input.trim() !== '' && input.trim() !== value) onChange(input.trim());
      }}
      onFocus={() => setEngaged(true)}
      items={engaged ? items : NO_ITEMS}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className="field-label">{t('editor.timezone')}</Label>
      <div className="field-control combobox-control">
        <Input
          className="input"
          // Enter picks a zone from the list, never saves the form around it half-filled (the
          // browser's implicit submission): the typed text counts as it does when leaving the field.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (input.trim() !== '' && input.trim() !== value) onChange(input.trim());
          }}
        />
        <AriaButton className="combobox-button">
          <Icon name="chevronDown" size={16} />
        </AriaButton>
      </div>
      <Text slot="description" className="field-help">
        {t('editor.timezoneHelp')}
      </Text>
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox">
          {(item: { id: string }) => (
            <ListBoxItem className="listbox-item" id={item.id} textValue={item.id}>
              {item.id.replace(/_/g, ' ')}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
