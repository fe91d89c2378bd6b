// A website conflict's fields as the "keep mine / take theirs" table shows them: each field under
// the editor's own label, each value in words — yes/no, a status's name, text without its HTML, and
// linked objects (the sync names them by Almanac's ids) by their names.
import { useAllTerms } from '../../api/terms.ts';
import { useLinkedNames } from '../../api/linked.ts';
import type { ConflictRow } from '../../components/ConflictTable.tsx';
import { useT, type MessageId } from '../../i18n/index.tsx';
import type { WebsiteConflict } from './use-website.ts';

/** The sync's field names (server/website-sync/fields.ts) → the labels the editors use. */
const LABELS: Record<string, MessageId> = {
  title: 'editor.title',
  description: 'editor.description',
  excerpt: 'editor.excerpt',
  status: 'editor.status',
  publish_at: 'website.field.publishAt',
  start: 'editor.start',
  end: 'editor.end',
  all_day: 'editor.allDay',
  timezone: 'editor.timezone',
  cost: 'editor.cost',
  website: 'editor.website',
  featured: 'editor.flag.featured',
  sticky: 'editor.flag.sticky',
  hide_from_listings: 'editor.flag.hide_from_listings',
  show_map: 'editor.flag.show_map',
  show_map_link: 'editor.flag.show_map_link',
  venue: 'editor.venue',
  organizers: 'editor.organizers',
  categories: 'editor.categories',
  tags: 'editor.tags',
  image: 'editor.image',
  name: 'common.name',
  address: 'venues.address',
  city: 'venues.city',
  country: 'venues.country',
  province: 'venues.province',
  state: 'venues.state',
  zip: 'venues.zip',
  phone: 'venues.phone',
  email: 'organizers.email',
  parent: 'terms.parent',
};

const STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
type Value = WebsiteConflict['fields'][number]['mine'];

/** Plain text of what may be HTML, shortened for a table cell. */
function plain(value: string): string {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

const ids = (conflicts: WebsiteConflict[], field: string) =>
  [
    ...new Set(
      conflicts.flatMap((conflict) =>
        conflict.fields
          .filter((entry) => entry.field === field)
          .flatMap((entry) => [entry.mine, entry.theirs].flatMap((value) => (Array.isArray(value) ? value : [value]))),
      ),
    ),
  ]
    .filter((id): id is number => typeof id === 'number' && id > 0)
    .map(String);

/** The rows of every event conflict, names looked up once for all of them. */
export function useConflictRows(conflicts: WebsiteConflict[]): (conflict: WebsiteConflict) => ConflictRow[] {
  const t = useT();
  const events = conflicts.filter((conflict) => conflict.kind === 'event');
  const venues = useLinkedNames('venues', ids(events, 'venue'));
  const organizers = useLinkedNames('organizers', ids(events, 'organizers'));
  const needsTerms = (field: string) => events.some((c) => c.fields.some((entry) => entry.field === field));
  const categories = useAllTerms('categories', { enabled: needsTerms('categories') });
  const tags = useAllTerms('tags', { enabled: needsTerms('tags') });
  const termName = (list: typeof categories, id: number) => list.data?.find((term) => term.id === id)?.name ?? `#${id}`;

  const show = (field: string, value: Value): string => {
    if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return t('common.none');
    if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
    if (field === 'status' && typeof value === 'string' && STATUSES.has(value))
      return t(`status.${value}` as MessageId);
    if (field === 'venue' && typeof value === 'number') return venues[value] ?? `#${value}`;
    if (Array.isArray(value)) {
      const name = (id: number) =>
        field === 'organizers'
          ? (organizers[id] ?? `#${id}`)
          : field === 'categories'
            ? termName(categories, id)
            : field === 'tags'
              ? termName(tags, id)
              : `#${id}`;
      return value.map(name).join(', ');
    }
    // Wall times come as YYYY-MM-DD HH:MM:SS: the seconds say nothing here.
    if ((field === 'start' || field === 'end') && typeof value === 'string') return value.replace(/:00$/, '');
    return plain(String(value));
  };
  return (conflict) =>
    conflict.fields.map((entry) => ({
      key: entry.field,
      label: LABELS[entry.field] ? t(LABELS[entry.field]!) : entry.field,
      mine: show(entry.field, entry.mine),
      theirs: show(entry.field, entry.theirs),
    }));
}
