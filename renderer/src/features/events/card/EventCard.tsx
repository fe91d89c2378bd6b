// The event card: a click on an event (in the calendar or the list) opens a compact card beside it
// — title, when in words (and in the event's own zone when that differs), venue, organizers,
// categories, cost, the start of the description, the rule of a repeating event in words — with Edit, Duplicate, Delete (Undo in its
// notice), Download .ics and Copy link. Visitors (and roles that may not edit) get it without the
// editing actions. A dialog: focus moves in (to Edit, or the first action), Tab stays inside, Esc
// or a click outside closes it and the focus goes back to the event.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useFocusTrap } from '../../../components/use-focus-trap.ts';
import { useDeleteEvent, useEvent } from '../../../api/events.ts';
import { useSession } from '../../../api/session.ts';
import { downloadExport } from '../../../api/calendar-files.ts';
import { currentSite, sitePath } from '../../../api/site.ts';
import { Button } from '../../../components/Button.tsx';
import { HiddenMark } from '../HiddenMark.tsx';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { notify, NoticeSlot } from '../../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../../components/States.tsx';
import { useLanguage, useLocale, useT } from '../../../i18n/index.tsx';
import { useSeries, useSeriesOf, useSeriesWrite } from '../../../api/series.ts';
import { ScopeDialog } from '../../series/ScopeDialog.tsx';
import { useSeriesUndo } from '../../series/use-series-undo.ts';
import { ruleInWords } from '../../series/repeat-rule.ts';
import { useUi, type CardTarget } from '../../../state/ui-store.ts';
import { canEdit, eventContext } from '../../session/permissions.ts';
import { categoryColor } from '../../calendar/category-colors.ts';
import { useUndoableTrash } from '../use-undoable-trash.ts';
import { useCostText } from '../use-cost-text.ts';
import { cardFromEvent, cardLink, cardWhen, type CardData } from './card-text.ts';

/** The open card, if any (App renders it over every screen). */
export function CardHost() {
  const card = useUi((state) => state.card);
  const close = useUi((state) => state.closeCard);
  if (!card) return null;
  return <CardFrame key={card.id} card={card} onClose={close} />;
}

/**
 * Beside the clicked event, or centred when opened from a link (a modal). Beside the event it is
 * placed by CSS anchor positioning (styles/card.css) rather than a positioning script: opening a
 * card then costs one layout of the page, not a measure, a re-render and another layout. Focus
 * stays inside (use-focus-trap.ts) and returns to the event; Esc or a click outside closes it.
 */
const box = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }) => ({
  left: x,
  top: y,
  width,
  height,
});

function CardFrame({ card, onClose }: { card: CardTarget; onClose(): void }) {
  const [trapRef, keepFocusInside] = useFocusTrap<HTMLDivElement>('.sidebar, #main');
  const anchorRef = useRef<HTMLDivElement>(null);
  const anchorElement = card.anchor && 'element' in card.anchor ? card.anchor.element : null;
  // The event's box, read once the card and the inert page behind it are in the document (this
  // layout effect runs after the focus trap's, declared before it): one style and layout pass.
  useLayoutEffect(() => {
    if (!anchorElement || !anchorRef.current) return;
    const rect = anchorElement.getBoundingClientRect();
    Object.assign(anchorRef.current.style, {
      left: `${rect.x}px`,
      top: `${rect.y}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
  }, [anchorElement]);
  // Named by its heading: the event's title.
  const content = (
    <Dialog className="event-card">
      <EventCardContent card={card} onClose={onClose} />
      <NoticeSlot />
    </Dialog>
  );
  if (!card.anchor)
    return (
      <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
        <Modal className="modal modal-small event-card-modal">{content}</Modal>
      </ModalOverlay>
    );
  return (
    <div
      className="event-card-layer"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      {/* A click outside the card closes it (and does nothing else). */}
      <div className="event-card-underlay" onPointerDown={onClose} />
      {/* Where the event was on screen: the card stands beside it. */}
      <div
        ref={anchorRef}
        className="event-card-anchor"
        style={'element' in card.anchor ? undefined : box(card.anchor)}
      />
      <div
        ref={trapRef}
        className={`event-card-frame${card.placement === 'below' ? ' is-below' : ''}`}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        {content}
      </div>
    </div>
  );
}

function EventCardContent({ card, onClose }: { card: CardTarget; onClose(): void }) {
  const t = useT();
  const locale = useLocale();
  const session = useSession().data!;
  const loaded = useEvent(card.id, eventContext(session));
  const event = loaded.data?.event;
  // At once from what the calendar had; complete once the event has loaded.
  const data = event ? cardFromEvent(event, loaded.data?.etag ?? null, locale) : card.preview;
  return (
    <>
      <header className="event-card-header">
        <Heading slot="title" className="event-card-title">
          {data ? data.title : loaded.isError ? t('card.unavailable') : t('common.loading')}
        </Heading>
        <Button variant="quiet" icon="close" aria-label={t('common.close')} onPress={onClose} className="icon-button" />
      </header>
      {loaded.isError && !event && <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} />}
      {!data && !loaded.isError && <Loading />}
      {data && (
        <CardBody card={data} knownSeries={card.preview?.series} editable={canEdit(session)} onClose={onClose} />
      )}
    </>
  );
}

function Fact({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className="event-card-fact">
      <dt>
        <Icon name={icon} size={16} />
        <span className="visually-hidden">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function CardBody({
  card,
  knownSeries,
  editable,
  onClose,
}: {
  card: CardData;
  /** The series the calendar said the event is in (undefined: not known, it is looked up). */
  knownSeries?: number | null;
  editable: boolean;
  onClose(): void;
}) {
  const t = useT();
  const language = useLanguage();
  const seriesId = useSeriesOf(card.id, knownSeries).data;
  const series = useSeries(seriesId).data;
  const seriesWrite = useSeriesWrite();
  const seriesUndo = useSeriesUndo();
  const [askingDelete, setAskingDelete] = useState(false);
  const locale = useLocale();
  const errorText = useErrorText();
  const session = useSession().data!;
  const display = useUi((state) => state.preferences.timeDisplay);
  const openEditor = useUi((state) => state.openEditor);
  const remove = useDeleteEvent();
  const trashWithUndo = useUndoableTrash();
  const costOf = useCostText();
  const siteZone = session.site.timezone;
  const { when, zones } = cardWhen(card.times, display === 'event' ? card.times.timezone : siteZone, locale);
  const details = card.details;
  const status = card.status !== 'publish' ? t(`status.${card.status as 'draft'}`) : '';
  const link = cardLink(
    `${window.location.origin}${sitePath(currentSite())}`,
    { id: card.id, utc_start_date: card.times.utc_start_date },
    siteZone,
  );
  const trashThis = () =>
    remove.mutate(
      { id: card.id, etag: card.etag },
      {
        onSuccess: () => {
          onClose();
          trashWithUndo.announce(card.id, card.title, card.status);
        },
        onError: (error) => notify(errorText(error), { tone: 'error' }),
      },
    );
  return (
    <>
      {askingDelete && typeof seriesId === 'number' && (
        <ScopeDialog
          mode="delete"
          onCancel={() => setAskingDelete(false)}
          onChoose={(scope) => {
            setAskingDelete(false);
            if (scope === 'this') return trashThis();
            seriesWrite.mutate(
              { kind: 'delete', id: seriesId, occurrence: scope === 'following' ? card.id : undefined },
              {
                onSuccess: (done) => {
                  onClose();
                  seriesUndo.announce(t('series.deleted', { title: card.title }), done.undo);
                },
                onError: (error) => notify(errorText(error), { tone: 'error' }),
              },
            );
          }}
        />
      )}
      <div className="event-card-body" data-complete={details ? true : undefined} aria-busy={!details}>
        <p className="event-card-when">
          <Icon name="clock" size={16} />
          <span>
            {when}
            {zones && <span className="event-card-zones">{zones}</span>}
          </span>
        </p>
        {status && <p className="event-card-status">{status}</p>}
        {card.hidden && (
          <p className="event-card-status">
            <HiddenMark size={15} /> {t('events.hiddenNote')}
          </p>
        )}
        <dl className="event-card-facts">
          {typeof seriesId === 'number' && (
            <Fact icon="repeat" label={t('series.mark')}>
              {/* Said here, in the UI's own date style (the API's words are British English). */}
              {(series && ruleInWords(series.rule, series.start, series.timezone, language, locale)) ??
                series?.description[language] ??
                t('series.mark')}
            </Fact>
          )}
          {card.venue && (
            <Fact icon="pin" label={t('editor.venue')}>
              <strong>{card.venue.name}</strong>
              {card.venue.place && <span className="event-card-place">{card.venue.place}</span>}
            </Fact>
          )}
          {details && details.organizers.length > 0 && (
            <Fact icon="people" label={t('editor.organizers')}>
              {details.organizers.join(', ')}
            </Fact>
          )}
          {details && details.categories.length > 0 && (
            <Fact icon="folder" label={t('editor.categories')}>
              {details.categories.map((category) => (
                <span key={category.id} className="category-pill" style={{ borderColor: categoryColor(category.id) }}>
                  {category.name}
                </span>
              ))}
            </Fact>
          )}
          {details && details.cost !== '' && (
            <Fact icon="ticket" label={t('editor.cost')}>
              {costOf(details.costDetails, details.cost)}
            </Fact>
          )}
        </dl>
        {details?.description && <p className="event-card-description">{details.description}</p>}
      </div>
      <footer className="event-card-actions">
        {editable && (
          <>
            <Button variant="primary" icon="edit" autoFocus onPress={() => openEditor({ kind: 'event', id: card.id })}>
              {t('common.edit')}
            </Button>
            <Button icon="copy" onPress={() => openEditor({ kind: 'event', id: null, copyOf: card.id })}>
              {t('card.duplicate')}
            </Button>
            <Button
              variant="danger"
              icon="trash"
              isDisabled={remove.isPending}
              onPress={() => (typeof seriesId === 'number' ? setAskingDelete(true) : trashThis())}
            >
              {t('common.delete')}
            </Button>
          </>
        )}
        <Button
          variant="quiet"
          icon="download"
          autoFocus={!editable}
          onPress={() =>
            void downloadExport('ics', { include: card.id }, card.title).catch((error: unknown) =>
              notify(errorText(error), { tone: 'error' }),
            )
          }
        >
          {t('card.ics')}
        </Button>
        <Button
          variant="quiet"
          icon="link"
          onPress={() =>
            void navigator.clipboard
              .writeText(link)
              .then(() => notify(t('card.linkCopied')))
              .catch(() => notify(t('card.copyFailed', { link }), { tone: 'error' }))
          }
        >
          {t('card.copyLink')}
        </Button>
      </footer>
    </>
  );
}
