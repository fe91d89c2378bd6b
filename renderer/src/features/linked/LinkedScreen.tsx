// Venues and organizers: a list with search, "has events" and "only with upcoming events", totals
// and paging from X-TEC-Total; New venue / New organizer; a row opens the editor.
import { useContentVariant } from '../../api/translations.ts';
import { Cell, Column, Row, Table, TableBody, TableHeader, SearchField, Input, Label } from 'react-aria-components';
import { useLinkedList, type LinkedKind } from '../../api/linked.ts';
import { useSession } from '../../api/session.ts';
import type { Organizer, Venue } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Fields.tsx';
import { EmptyState, ErrorMessage, Loading, Pagination } from '../../components/States.tsx';
import { useLocale, useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { canEdit } from '../session/permissions.ts';

const PER_PAGE = 25;

export default function LinkedScreen({ kind }: { kind: LinkedKind }) {
  const t = useT();
  // Tables keep their rows' cells until told: a language switch must redraw them at once.
  const locale = useLocale();
  const session = useSession().data!;
  const venues = kind === 'venues';
  const filters = useUi((state) => (venues ? state.venueFilters : state.organizerFilters));
  const setFilters = useUi((state) => (venues ? state.setVenueFilters : state.setOrganizerFilters));
  const openEditor = useUi((state) => state.openEditor);
  const variant = useContentVariant();
  const list = useLinkedList(kind, {
    ...variant,
    search: filters.search.trim() || undefined,
    has_events: filters.hasEvents ? 'true' : undefined,
    only_with_upcoming: filters.upcoming ? 'true' : undefined,
    page: filters.page,
    per_page: PER_PAGE,
  });
  const answer = list.data && 'data' in list.data ? list.data : undefined;
  const rows = (answer ? ((answer.data as Record<string, unknown>)[kind] as (Venue | Organizer)[]) : []) ?? [];
  const filtered = filters.search !== '' || filters.hasEvents || filters.upcoming;
  const editable = canEdit(session);
  const open = (id: number | null) => openEditor({ kind: venues ? 'venue' : 'organizer', id });
  return (
    <section className="screen" aria-labelledby={`${kind}-title`}>
      <header className="screen-header">
        <h1 id={`${kind}-title`} className="screen-title">
          {t(venues ? 'venues.title' : 'organizers.title')}
        </h1>
        {editable && (
          <Button variant="primary" icon="plus" onPress={() => open(null)}>
            {t(venues ? 'venues.new' : 'organizers.new')}
          </Button>
        )}
      </header>
      <div className="inline-filters">
        <SearchField className="field" value={filters.search} onChange={(search) => setFilters({ search })}>
          <Label className="field-label">{t('common.search')}</Label>
          <Input className="input" />
        </SearchField>
        <Checkbox
          label={t('venues.hasEvents')}
          value={filters.hasEvents}
          onChange={(hasEvents) => setFilters({ hasEvents })}
        />
        <Checkbox
          label={t('venues.upcoming')}
          value={filters.upcoming}
          onChange={(upcoming) => setFilters({ upcoming })}
        />
      </div>
      <p className="list-total" role="status" aria-live="polite">
        {list.isPending
          ? t('common.loading')
          : t(venues ? 'venues.total' : 'organizers.total', { count: answer?.total ?? 0 })}
      </p>
      {list.isError && <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <Loading />}
      {!list.isPending && !list.isError && rows.length === 0 && (
        <EmptyState icon={venues ? 'pin' : 'people'}>
          {t(
            filtered
              ? venues
                ? 'venues.emptyFiltered'
                : 'organizers.emptyFiltered'
              : venues
                ? 'venues.empty'
                : 'organizers.empty',
          )}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table
          className="table"
          aria-label={t(venues ? 'venues.list' : 'organizers.list')}
          onRowAction={(key) => open(Number(key))}
        >
          <TableHeader>
            <Column isRowHeader className="column">
              {t('common.name')}
            </Column>
            <Column className="column">{t(venues ? 'venues.address' : 'organizers.email')}</Column>
            <Column className="column">{t(venues ? 'venues.city' : 'organizers.phone')}</Column>
            <Column className="column">{t(venues ? 'venues.country' : 'organizers.website')}</Column>
          </TableHeader>
          <TableBody dependencies={[locale]} items={rows}>
            {(row) => {
              const venue = row as Venue;
              const organizer = row as Organizer;
              return (
                <Row className="row" id={row.id}>
                  <Cell className="cell cell-title">{String(venues ? venue.venue : organizer.organizer)}</Cell>
                  <Cell className="cell">{venues ? (venue.address ?? '') : (organizer.email ?? '')}</Cell>
                  <Cell className="cell">{venues ? (venue.city ?? '') : (organizer.phone ?? '')}</Cell>
                  <Cell className="cell">{venues ? (venue.country ?? '') : (organizer.website ?? '')}</Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      <Pagination page={filters.page} pages={answer?.totalPages ?? 1} onPage={(page) => setFilters({ page })} />
    </section>
  );
}
