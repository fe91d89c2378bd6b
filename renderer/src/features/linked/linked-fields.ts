// The editable fields of venues and organizers (spec §2.2, §2.3), in the order the editor shows
// them. Pure data: the form, the save and the server's error messages all key on these names.
import type { MessageId } from '../../i18n/index.tsx';
import { withScheme } from '../../components/web-address.ts';

interface LinkedField {
  /** The API field. */
  name: string;
  label: MessageId;
  kind: 'text' | 'multiline' | 'checkbox' | 'number';
  type?: 'email' | 'url' | 'tel';
}

const VENUE_FIELDS: LinkedField[] = [
  { name: 'venue', label: 'venues.name', kind: 'text' },
  { name: 'address', label: 'venues.address', kind: 'text' },
  { name: 'city', label: 'venues.city', kind: 'text' },
  { name: 'state', label: 'venues.state', kind: 'text' },
  { name: 'province', label: 'venues.province', kind: 'text' },
  { name: 'zip', label: 'venues.zip', kind: 'text' },
  { name: 'country', label: 'venues.country', kind: 'text' },
  { name: 'phone', label: 'venues.phone', kind: 'text', type: 'tel' },
  { name: 'website', label: 'venues.website', kind: 'text', type: 'url' },
  { name: 'geo_lat', label: 'venues.latitude', kind: 'number' },
  { name: 'geo_lng', label: 'venues.longitude', kind: 'number' },
  { name: 'show_map', label: 'venues.showMap', kind: 'checkbox' },
  { name: 'show_map_link', label: 'venues.showMapLink', kind: 'checkbox' },
  { name: 'description', label: 'common.description', kind: 'multiline' },
];

const ORGANIZER_FIELDS: LinkedField[] = [
  { name: 'organizer', label: 'organizers.name', kind: 'text' },
  { name: 'email', label: 'organizers.email', kind: 'text', type: 'email' },
  { name: 'phone', label: 'organizers.phone', kind: 'text', type: 'tel' },
  { name: 'website', label: 'organizers.website', kind: 'text', type: 'url' },
  { name: 'description', label: 'common.description', kind: 'multiline' },
];

export type LinkedValues = Record<string, string | boolean>;

export function fieldsOf(kind: 'venues' | 'organizers'): LinkedField[] {
  return kind === 'venues' ? VENUE_FIELDS : ORGANIZER_FIELDS;
}

/** The form's values from an item as the API returns it (missing fields: empty). */
export function linkedValues(kind: 'venues' | 'organizers', item: Record<string, unknown> | null): LinkedValues {
  const values: LinkedValues = {};
  for (const field of fieldsOf(kind)) {
    const value = item?.[field.name];
    values[field.name] =
      field.kind === 'checkbox'
        ? value === true || (item === null && true)
        : value === undefined || value === null
          ? ''
          : String(value);
  }
  return values;
}

/** What a save sends: every non-empty field for a new item; only the changed ones for an update. */
export function linkedWrite(
  kind: 'venues' | 'organizers',
  values: LinkedValues,
  initial: LinkedValues | null,
): Record<string, unknown> {
  const write: Record<string, unknown> = {};
  for (const field of fieldsOf(kind)) {
    const value = values[field.name];
    if (initial ? initial[field.name] === value : value === '') continue;
    write[field.name] =
      field.kind === 'number' && value !== ''
        ? Number(value)
        : field.type === 'url' && typeof value === 'string'
          ? withScheme(value)
          : value;
  }
  return write;
}

/**
 * The values of a copy (Duplicate): the same fields, the name marked as a copy ("{name} (copy)"),
 * since the service answers an identical new venue or organizer with the existing one.
 */
export function copyOfValues(
  kind: 'venues' | 'organizers',
  values: LinkedValues,
  copyName: (name: string) => string,
): LinkedValues {
  const nameField = kind === 'venues' ? 'venue' : 'organizer';
  return { ...values, [nameField]: copyName(String(values[nameField] ?? '')) };
}
