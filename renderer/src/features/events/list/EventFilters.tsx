// The events list's filters — every list filter of GET /events: Search, From, To, Category, Tag,
// Venue, Organizer, Featured, Status, Near a place. They live in the UI store, which mirrors them
// in the URL (bookmark, share, reload).
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SearchField, Input, Label, Button as AriaButton } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { whenEventListIdle } from '../../../api/events.ts';
import { useAllTerms } from '../../../api/terms.ts';
import { useLinkedItem, useLinkedList, useLinkedNames } from '../../../api/linked.ts';
import type { Organizer, Venue } from '../../../api/types.ts';
import { ChoicePicker, type PickerItem } from '../../../components/ChoicePicker.tsx';
import { Checkbox, SelectField } from '../../../components/Fields.tsx';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useT } from '../../../i18n/index.tsx';
import { useUi } from '../../../state/ui-store.ts';
import { activeFilterCount, EMPTY_EVENT_FILTERS } from '../../../state/filters.ts';
import { DateTimeField } from '../editor/DateTimeField.tsx';
import { termPaths } from '../editor/pickers.tsx';

function TermFilter({
  taxonomy,
  label,
  slugs,
  onChange,
}: {
  taxonomy: 'categories' | 'tags';
  label: string;
  slugs: string[];
  onChange(slugs: string[]): void;
}) {
  const all = useAllTerms(taxonomy);
  const [text, setText] = useState('');
  const paths = useMemo(() => termPaths(all.data ?? []), [all.data]);
  const bySlug = new Map(paths.map((entry) => [entry.term.slug, entry]));
  const needle = text.trim().toLowerCase();
  return (
    <ChoicePicker
      label={label}
      selected={slugs.map((slug) => ({ key: slug, label: bySlug.get(slug)?.path ?? slug }))}
      options={paths
        .filter(({ path }) => needle === '' || path.toLowerCase().includes(needle))
        .slice(0, 100)
        .map(({ term, path }) => ({ key: term.slug, label: path }))}
      isLoading={all.isFetching}
      onInputChange={setText}
      onAdd={(item) => onChange([...slugs, item.key])}
      onRemove={(key) => onChange(slugs.filter((slug) => slug !== key))}
    />
  );
}

function LinkedFilter({
  kind,
  label,
  ids,
  onChange,
  single,
  onlyWithCoordinates,
}: {
  kind: 'venues' | 'organizers';
  label: string;
  ids: string[];
  onChange(ids: string[]): void;
  single?: boolean;
  onlyWithCoordinates?: boolean;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const list = useLinkedList(kind, { search: search || undefined, per_page: 20 });
  const rows = (
    list.data && 'data' in list.data ? ((list.data.data as Record<string, unknown>)[kind] as (Venue | Organizer)[]) : []
  ) as (Venue | Organizer)[];
  const nameOf = (row: Venue | Organizer) =>
    String(kind === 'venues' ? (row as Venue).venue : (row as Organizer).organizer);
  const names = useLinkedNames(kind, ids);
  const options: PickerItem[] = rows
    .filter((row) => !onlyWithCoordinates || typeof (row as Venue).geo_lat === 'number')
    .map((row) => ({
      key: String(row.id),
      label: nameOf(row),
      detail: kind === 'venues' ? (row as Venue).city : undefined,
    }));
  return (
    <ChoicePicker
      label={label}
      selected={ids.map((id) => ({ key: id, label: names[id] ?? `#${id}` }))}
      options={options}
      isLoading={list.isFetching}
      onInputChange={setText}
      onAdd={(item) => onChange(single ? [item.key] : [...ids, item.key])}
      onRemove={(key) => onChange(ids.filter((id) => id !== key))}
    />
  );
}

/** The "near a place" venue's coordinates, once loaded. */
export function useNearCenter(venueId: string): { lat: number; lng: number } | undefined {
  const venue = useLinkedItem('venues', venueId ? Number(venueId) : null);
  const item = venue.data?.item as Venue | undefined;
  return item && typeof item.geo_lat === 'number' && typeof item.geo_lng === 'number'
    ? { lat: item.geo_lat, lng: item.geo_lng }
    : undefined;
}

/**
 * When the search box asks for what it holds. A search of one or two characters cannot use the
 * search index (its trigrams are three): the service reads every event of the window for it.
 * Typed on the way to a word, it would only hold up the word's own search behind it; so it is
 * asked for once typing pauses (SHORT_SEARCH_PAUSE_MS).
 *
 * A longer one (or an emptied box) is asked for at once — no wait is added between a key and its
 * request — unless the list's answer to an earlier key is still on its way: then what is typed
 * meanwhile is asked for as that answer arrives, as one request for the text typed last (not one
 * a key, each of which the service would answer, or abandon half-read, before the one the typist
 * waits for). So rows follow the typing as fast as the service answers, and a fast typist's last
 * key is answered at most one answer later. LONGEST_WAIT_FOR_ANSWER_MS bounds that wait should an
 * answer hang.
 */
const SHORT_SEARCH_PAUSE_MS = 350;
const LONGEST_WAIT_FOR_ANSWER_MS = 500;
const isShortSearch = (text: string) => {
  const length = [...text.trim()].length;
  return length > 0 && length < 3;
};

function useSearchPace() {
  const client = useQueryClient();
  const [pace] = useState(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting = () => {};
    // The text last asked for: the store's search becoming it is this box's own doing, not a change
    // from outside (Back/Forward, Clear filters) that drops what is waiting.
    let asked: string | undefined;
    const cancel = () => {
      clearTimeout(timer);
      stopWaiting();
      stopWaiting = () => {};
    };
    return {
      /** A key typed: `ask` for `text` now, once typing pauses, or once the list's answer is in. */
      typed(text: string, ask: () => void) {
        cancel();
        const askNow = () => {
          cancel();
          asked = text;
          ask();
        };
        if (isShortSearch(text)) {
          timer = setTimeout(askNow, SHORT_SEARCH_PAUSE_MS);
          return;
        }
        stopWaiting = whenEventListIdle(client, askNow);
        if (asked !== text) timer = setTimeout(askNow, LONGEST_WAIT_FOR_ANSWER_MS);
      },
      /** Whether the store's search is what this box asked for last. */
      askedFor: (text: string) => text === asked,
      cancel,
    };
  });
  return pace;
}

/** What the form asks of its search box: Enter anywhere in the form, and "Clear filters". */
interface SearchBoxHandle {
  /** Asks for what the box holds now (no pause). */
  flush(): void;
  /** Empties the box, and drops a search still waiting for typing to pause. */
  clear(): void;
}

/**
 * The search box, a component of its own: a keystroke draws this box again, not every filter of
 * the form (their pickers, date fields and lists were drawn again on each key, in the keystroke's
 * own event, and held up the rows it asked for).
 */
function SearchBox({ handleRef }: { handleRef: { current: SearchBoxHandle | null } }) {
  const t = useT();
  const searched = useUi((state) => state.eventFilters.search);
  const setFilters = useUi((state) => state.setEventFilters);
  const [search, setSearch] = useState(searched);
  const pace = useSearchPace();
  // A search set from outside (Back/Forward, a pasted link, Clear filters) replaces what the box shows.
  const [seen, setSeen] = useState(searched);
  if (seen !== searched) {
    setSeen(searched);
    if (searched !== search) setSearch(searched);
  }
  // A search set from outside drops what was waiting to be asked for; the box's own asking does not.
  useEffect(() => {
    if (!pace.askedFor(searched)) pace.cancel();
  }, [searched, pace]);
  useEffect(() => {
    handleRef.current = {
      flush() {
        pace.cancel();
        setFilters({ search });
      },
      clear() {
        pace.cancel();
        setSearch('');
      },
    };
  });
  return (
    <SearchField
      className="field"
      value={search}
      onChange={(value) => {
        setSearch(value);
        pace.typed(value, () => setFilters({ search: value }));
      }}
    >
      <Label className="field-label">{t('events.search')}</Label>
      <div className="field-control combobox-control">
        <Input
          className="input"
          onKeyDown={(event) => {
            // ↓ goes to the results (as a search field's list in GNOME Calendar or Thunderbird): the
            // grid's Tab stop, past the filter panel's other fields. What the box holds is asked for
            // first, without waiting for typing to pause.
            if (event.key !== 'ArrowDown' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
            const stop = gridStop(event.currentTarget);
            if (!stop) return;
            event.preventDefault();
            pace.cancel();
            setFilters({ search });
            stop.focus();
          }}
        />
        {search !== '' && (
          <AriaButton className="combobox-button" aria-label={t('common.clearSearch')}>
            <Icon name="close" size={14} />
          </AriaButton>
        )}
      </div>
    </SearchField>
  );
}

/** The Events list grid's one Tab stop (its focused row or cell), if it has rows. */
function gridStop(from: Element): HTMLElement | null {
  return from.closest('.events-screen')?.querySelector<HTMLElement>('.events-table [tabindex="0"]') ?? null;
}

/**
 * For Tab: the way from the search box past the filter panel's other fields (sixteen Tabs) to the
 * results, seen only while it has the focus, as a page's "skip to content" link (↓ in the box does
 * the same). To the grid's Tab stop, or with no rows to the count of matches, which says so; what
 * the box holds is asked for first, without waiting for typing to pause.
 */
function SkipToResults({ searchBox }: { searchBox: { current: SearchBoxHandle | null } }) {
  const t = useT();
  return (
    <button
      type="button"
      className="skip-to-results visually-hidden-until-focused"
      onClick={(event) => {
        const from = event.currentTarget;
        searchBox.current?.flush();
        (gridStop(from) ?? from.closest('.events-screen')?.querySelector<HTMLElement>('.list-total'))?.focus();
      }}
    >
      {t('events.skipToResults')}
    </button>
  );
}

/** A memo: the rows a search brings draw the Events screen again, not its filters (issue 39). */
export const EventFilters = memo(function EventFilters({ canSeeStatuses }: { canSeeStatuses: boolean }) {
  const t = useT();
  const searchBox = useRef<SearchBoxHandle>(null);
  return (
    <form
      className="filters"
      aria-label={t('events.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        searchBox.current?.flush();
      }}
    >
      <SearchBox handleRef={searchBox} />
      <SkipToResults searchBox={searchBox} />
      <FilterFields canSeeStatuses={canSeeStatuses} searchBox={searchBox} />
    </form>
  );
});

/**
 * Every filter but the search, drawn again only when one of them changes (not with each key typed
 * in the search box, nor with the page).
 */
const FilterFields = memo(function FilterFields({
  canSeeStatuses,
  searchBox,
}: {
  canSeeStatuses: boolean;
  searchBox: { current: SearchBoxHandle | null };
}) {
  const t = useT();
  const filters = useUi(
    useShallow((state) => {
      const { search: _search, page: _page, ...others } = state.eventFilters;
      return others;
    }),
  );
  const setFilters = useUi((state) => state.setEventFilters);
  return (
    <>
      <div className="field-row">
        <DateTimeField
          label={t('events.from')}
          note={t('events.fromHelp')}
          value={filters.from}
          onChange={(from) => setFilters({ from })}
          allDay
          optional
        />
        <DateTimeField
          label={t('events.to')}
          value={filters.to}
          onChange={(to) => setFilters({ to })}
          allDay
          optional
        />
      </div>
      <Checkbox label={t('events.includePast')} value={filters.past} onChange={(past) => setFilters({ past })} />
      <TermFilter
        taxonomy="categories"
        label={t('events.category')}
        slugs={filters.categories}
        onChange={(categories) => setFilters({ categories })}
      />
      <TermFilter
        taxonomy="tags"
        label={t('events.tag')}
        slugs={filters.tags}
        onChange={(tags) => setFilters({ tags })}
      />
      <LinkedFilter
        kind="venues"
        label={t('events.venue')}
        ids={filters.venue}
        onChange={(venue) => setFilters({ venue })}
      />
      <LinkedFilter
        kind="organizers"
        label={t('events.organizer')}
        ids={filters.organizer}
        onChange={(organizer) => setFilters({ organizer })}
      />
      <SelectField
        label={t('events.featured')}
        value={filters.featured || 'any'}
        onChange={(value) => setFilters({ featured: value === 'any' ? '' : (value as 'true' | 'false') })}
        options={[
          { id: 'any', label: t('common.any') },
          { id: 'true', label: t('events.featuredOnly') },
          { id: 'false', label: t('events.notFeatured') },
        ]}
      />
      {canSeeStatuses && (
        <SelectField
          label={t('events.status')}
          value={filters.status || 'any'}
          onChange={(value) => setFilters({ status: value === 'any' ? '' : value })}
          options={[
            { id: 'any', label: t('common.any') },
            ...(['publish', 'future', 'draft', 'pending', 'private'] as const).map((status) => ({
              id: status,
              label: t(`status.${status}`),
            })),
          ]}
        />
      )}
      <LinkedFilter
        kind="venues"
        label={t('events.near')}
        ids={filters.near ? [filters.near] : []}
        onChange={(ids) => setFilters({ near: ids[0] ?? '' })}
        single
        onlyWithCoordinates
      />
      <ClearFilters searchBox={searchBox} />
    </>
  );
});

/**
 * "Clear filters", while any filter is set: a component of its own, so that the first key typed
 * in an empty search box (a filter now set) draws this button, not every field of the form — its
 * pickers and date fields drawn again held up the first search's rows by 30–80 ms (issue 39).
 */
function ClearFilters({ searchBox }: { searchBox: { current: SearchBoxHandle | null } }) {
  const t = useT();
  const anyFilter = useUi((state) => activeFilterCount(state.eventFilters) > 0);
  const setFilters = useUi((state) => state.setEventFilters);
  if (!anyFilter) return null;
  return (
    <Button
      variant="quiet"
      onPress={() => {
        searchBox.current?.clear();
        setFilters(EMPTY_EVENT_FILTERS);
      }}
    >
      {t('common.clearFilters')}
    </Button>
  );
}
