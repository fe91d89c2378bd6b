// What the Events list's selection can do, through POST almanac/v1/events/bulk (all or nothing):
// Move to trash (with Undo: a bulk restore), Publish, Make draft, Add category…, Add tag…, Set
// venue…. Shown above the table while rows are selected; says how many ("20 selected", and how many
// of them are on other pages) and, when the whole page is, offers every event that matches.
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ChoicePicker, type PickerItem } from '../../../components/ChoicePicker.tsx';
import { notify } from '../../../components/Notices.tsx';
import { useErrorText } from '../../../components/States.tsx';
import { useAllTerms } from '../../../api/terms.ts';
import { useLinkedList } from '../../../api/linked.ts';
import { invalidateAfterEventWrite } from '../../../api/events.ts';
import { PartialBulkError, matchingEventIds, runBulkInParts, type BulkArgs } from '../../../api/event-bulk.ts';
import type { Query } from '../../../api/client.ts';
import type { Venue } from '../../../api/types.ts';
import { useT } from '../../../i18n/index.tsx';
import { termPaths } from '../editor/pickers.tsx';
import { useEventSelection } from './selection-store.ts';

type Choosing = 'categories' | 'tags' | 'venue' | null;

export function BulkBar({
  pageIds,
  total,
  query,
}: {
  /** The ids of the page shown. */
  pageIds: number[];
  /** How many events the query matches, on every page. */
  total: number;
  /** The list's query without paging: what "all that match" means. */
  query: Query;
}) {
  const t = useT();
  const errorText = useErrorText();
  const client = useQueryClient();
  const { ids, allMatching, selectAllMatching, clear } = useEventSelection();
  const [working, setWorking] = useState(false);
  const [choosing, setChoosing] = useState<Choosing>(null);
  // "All that match": their ids are asked for when chosen, so an action does not wait for them.
  const matching = useRef<{ key: string; ids: Promise<number[] | undefined> } | null>(null);
  const matchingIds = () => {
    const key = JSON.stringify(query);
    if (matching.current?.key !== key) {
      const ids = matchingEventIds(query);
      ids.catch(() => undefined); // a failure is reported when an action awaits it
      matching.current = { key, ids };
    }
    return matching.current.ids;
  };
  const count = allMatching ? total : ids.size;
  // Picks kept from other pages (turning pages keeps the selection): said beside the count.
  const elsewhere = allMatching ? 0 : [...ids].filter((id) => !pageIds.includes(id)).length;
  const countText = [
    t('events.selectedCount', { count }),
    ...(elsewhere > 0 ? [t('events.selectedElsewhere', { count: elsewhere })] : []),
  ].join(', ');
  const wholePage = pageIds.length > 0 && pageIds.every((id) => ids.has(id));

  /** The ids the action is for: the ticked rows, or every match (refused past MATCHING_LIMIT). */
  const targets = async (): Promise<number[] | undefined> => {
    if (!allMatching) return [...ids];
    const every = await matchingIds();
    matching.current = null; // the next action asks again: the matches may have changed
    if (!every) notify(t('events.bulkTooMany'), { tone: 'error' });
    return every;
  };

  const run = async (args: Omit<BulkArgs, 'ids'>) => {
    setWorking(true);
    try {
      const chosen = await targets();
      if (!chosen || chosen.length === 0) return;
      const result = await runBulkInParts(args, chosen);
      clear();
      setChoosing(null);
      if (args.action === 'trash') {
        const undo = async () => {
          try {
            await runBulkInParts({ action: 'restore' }, result.changed);
            notify(t('events.bulkRestored', { count: result.changed.length }));
          } catch (error) {
            notify(errorText(error), { tone: 'error' });
          } finally {
            invalidateAfterEventWrite(client, 'all');
          }
        };
        notify(t('events.bulkTrashed', { count: result.changed.length }), {
          action: { label: t('calendar.undo'), run: () => void undo() },
        });
      } else notify(t('events.bulkChanged', { count: result.changed.length }));
    } catch (error) {
      if (error instanceof PartialBulkError) {
        clear();
        notify(`${t('events.bulkPartial', { count: error.changed })} ${errorText(error.cause)}`, { tone: 'error' });
      } else notify(errorText(error), { tone: 'error' });
    } finally {
      setWorking(false);
      invalidateAfterEventWrite(client, 'all');
    }
  };

  return (
    <>
      {/* Always there, so a screen reader hears each change of the count. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {count > 0 ? countText : ''}
      </p>
      {count > 0 && (
        <div className="bulk-bar" role="toolbar" aria-label={t('events.bulkToolbar')}>
          <span className="bulk-count">{allMatching ? t('events.allMatchingSelected', { count }) : countText}</span>
          {wholePage && !allMatching && total > pageIds.length && (
            <Button
              variant="quiet"
              onPress={() => {
                matching.current = null;
                void matchingIds();
                selectAllMatching();
              }}
            >
              {t('events.selectAllMatching', { count: total })}
            </Button>
          )}
          <span className="bulk-actions">
            <Button variant="danger" icon="trash" isDisabled={working} onPress={() => void run({ action: 'trash' })}>
              {t('events.bulkTrash')}
            </Button>
            <Button isDisabled={working} onPress={() => void run({ action: 'publish' })}>
              {t('events.bulkPublish')}
            </Button>
            <Button isDisabled={working} onPress={() => void run({ action: 'draft' })}>
              {t('events.bulkDraft')}
            </Button>
            <Button icon="folder" isDisabled={working} onPress={() => setChoosing('categories')}>
              {t('events.bulkAddCategory')}
            </Button>
            <Button icon="tag" isDisabled={working} onPress={() => setChoosing('tags')}>
              {t('events.bulkAddTag')}
            </Button>
            <Button icon="pin" isDisabled={working} onPress={() => setChoosing('venue')}>
              {t('events.bulkSetVenue')}
            </Button>
            <Button variant="quiet" isDisabled={working} onPress={clear}>
              {t('events.clearSelection')}
            </Button>
          </span>
        </div>
      )}
      {choosing && (
        <ChooseDialog
          kind={choosing}
          count={count}
          working={working}
          onClose={() => setChoosing(null)}
          onApply={(choice) =>
            void run(
              choosing === 'venue'
                ? { action: 'set_venue', venue: Number(choice.key) }
                : choosing === 'categories'
                  ? { action: 'add_categories', categories: [choice.value] }
                  : { action: 'add_tags', tags: [choice.value] },
            )
          }
        />
      )}
    </>
  );
}

/** What a term or venue picker chose: its key, and what the endpoint takes (an id, or a new name). */
interface Choice {
  key: string;
  label: string;
  value: number | string;
}

function ChooseDialog({
  kind,
  count,
  working,
  onClose,
  onApply,
}: {
  kind: Exclude<Choosing, null>;
  count: number;
  working: boolean;
  onClose(): void;
  onApply(choice: Choice): void;
}) {
  const t = useT();
  const [choice, setChoice] = useState<Choice | null>(null);
  const title =
    kind === 'venue'
      ? t('events.bulkVenueTitle', { count })
      : kind === 'categories'
        ? t('events.bulkCategoryTitle', { count })
        : t('events.bulkTagTitle', { count });
  return (
    <Dialog
      title={title}
      isOpen
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button onPress={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" isDisabled={!choice || working} onPress={() => choice && onApply(choice)}>
            {t('events.bulkApply')}
          </Button>
        </>
      }
    >
      {kind === 'venue' ? (
        <VenueChoice choice={choice} onChoose={setChoice} />
      ) : (
        <TermChoice taxonomy={kind} choice={choice} onChoose={setChoice} />
      )}
    </Dialog>
  );
}

function TermChoice({
  taxonomy,
  choice,
  onChoose,
}: {
  taxonomy: 'categories' | 'tags';
  choice: Choice | null;
  onChoose(choice: Choice | null): void;
}) {
  const t = useT();
  const all = useAllTerms(taxonomy);
  const [text, setText] = useState('');
  const paths = useMemo(() => termPaths(all.data ?? []), [all.data]);
  const needle = text.trim().toLowerCase();
  return (
    <ChoicePicker
      label={taxonomy === 'categories' ? t('events.category') : t('events.tag')}
      selected={choice ? [choice] : []}
      options={paths
        .filter(({ path }) => needle === '' || path.toLowerCase().includes(needle))
        .slice(0, 100)
        .map(({ term, path }) => ({ key: String(term.id), label: path }))}
      isLoading={all.isFetching}
      onInputChange={setText}
      onAdd={(item: PickerItem) => onChoose({ key: item.key, label: item.label, value: Number(item.key) })}
      // A new name is created by the bulk change itself (the endpoint takes names).
      onCreate={(name) => onChoose({ key: `new:${name}`, label: name, value: name })}
      onRemove={() => onChoose(null)}
    />
  );
}

function VenueChoice({ choice, onChoose }: { choice: Choice | null; onChoose(choice: Choice | null): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const list = useLinkedList('venues', { search: search || undefined, per_page: 20 });
  const rows = (list.data && 'data' in list.data ? (list.data.data as { venues: Venue[] }).venues : []) ?? [];
  const none: PickerItem = { key: '0', label: t('events.noVenue') };
  return (
    <ChoicePicker
      label={t('events.venue')}
      selected={choice ? [choice] : []}
      options={[
        ...(search === '' ? [none] : []),
        ...rows.map((venue) => ({ key: String(venue.id), label: String(venue.venue ?? ''), detail: venue.city })),
      ]}
      isLoading={list.isFetching}
      onInputChange={setText}
      onAdd={(item: PickerItem) => onChoose({ key: item.key, label: item.label, value: Number(item.key) })}
      onRemove={() => onChoose(null)}
    />
  );
}
