// The event card: a click on an event (in the calendar or the list) opens a compact card beside it
// — title, when in words (and in the event's own zone when that differs), venue, organizers,
// categories, cost, the start of the description — with Edit, Duplicate, Delete (Undo in its
// notice), Download .ics and Copy link. Visitors (and roles that may not edit) get it without the
// editing actions. A dialog: focus moves in (to Edit, or the first action), Tab stays inside, Esc
// or a click outside closes it and the focus goes back to the event.
import { useRef, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Popover } from 'react-aria-components';
import { useDeleteEvent, useEvent } from '../../../api/events.ts';
import { useSession } from '../../../api/session.ts';
import { downloadExport } from '../../../api/calendar-files.ts';
import { currentSite, sitePath } from '../../../api/site.ts';
import type { Event, Venue } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { notify } from '../../../components/Notices.tsx';
import { ErrorMessage, Loading, useErrorText } from '../../../components/States.tsx';
import { useLocale, useT } from '../../../i18n/index.tsx';
import { useUi, type CardTarget } from '../../../state/ui-store.ts';
import { canEdit, eventContext } from '../../session/permissions.ts';
import { categoryColor } from '../../calendar/category-colors.ts';
import { useUndoableTrash } from '../use-undoable-trash.ts';
import { cardLink, cardWhen, descriptionStart } from './card-text.ts';

/** The open card, if any (App renders it over every screen). */
export function CardHost() {
  const card = useUi((state) => state.card);
  const close = useUi((state) => state.closeCard);
  if (!card) return null;
  return <CardFrame key={card.id} card={card} onClose={close} />;
}

/** Beside the clicked event (a popover), or centred when opened from a link (a modal). */
function CardFrame({ card, onClose }: { card: CardTarget; onClose(): void }) {
  const anchor = useRef<HTMLDivElement>(null);
  // Named by its heading: the event's title.
  const content = (
    <Dialog className="event-card">
      <EventCardContent id={card.id} onClose={onClose} />
    </Dialog>
  );
  if (!card.anchor)
    return (
      <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
        <Modal className="modal modal-small event-card-modal">{content}</Modal>
      </ModalOverlay>
    );
  return (
    <>
      {/* Where the event was on screen, for the popover to stand beside. */}
      <div
        ref={anchor}
        className="event-card-anchor"
        style={{ left: card.anchor.x, top: card.anchor.y, width: card.anchor.width, height: card.anchor.height }}
      />
      <Popover
        className="popover event-card-popover"
        triggerRef={anchor}
        isOpen
        onOpenChange={(open) => !open && onClose()}
        placement="end top"
        offset={6}
      >
        {content}
      </Popover>
    </>
  );
}

function EventCardContent({ id, onClose }: { id: number; onClose(): void }) {
  const t = useT();
  const session = useSession().data!;
  const loaded = useEvent(id, eventContext(session));
  const event = loaded.data?.event;
  return (
    <>
      <header className="event-card-header">
        <Heading slot="title" className="event-card-title">
          {event ? event.title : loaded.isError ? t('card.unavailable') : t('common.loading')}
        </Heading>
        <Button variant="quiet" icon="close" aria-label={t('common.close')} onPress={onClose} className="icon-button" />
      </header>
      {loaded.isError && !event && <ErrorMessage error={loaded.error} onRetry={() => void loaded.refetch()} />}
      {!event && !loaded.isError && <Loading />}
      {event && (
        <CardBody event={event} etag={loaded.data?.etag ?? null} editable={canEdit(session)} onClose={onClose} />
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
  event,
  etag,
  editable,
  onClose,
}: {
  event: Event;
  etag: string | null;
  editable: boolean;
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const errorText = useErrorText();
  const session = useSession().data!;
  const display = useUi((state) => state.preferences.timeDisplay);
  const openEditor = useUi((state) => state.openEditor);
  const remove = useDeleteEvent();
  const trashWithUndo = useUndoableTrash();
  const siteZone = session.site.timezone;
  const { when, zones } = cardWhen(event, display === 'event' ? event.timezone : siteZone, locale);
  const venue = (Array.isArray(event.venue) ? event.venue[0] : event.venue) as Venue | undefined;
  const place = venue ? [venue.address, venue.city, venue.country].filter(Boolean).join(', ') : '';
  const description = descriptionStart(event.description);
  const status = event.status !== 'publish' ? t(`status.${event.status as 'draft'}`) : '';
  const link = cardLink(`${window.location.origin}${sitePath(currentSite())}`, event, siteZone);
  return (
    <>
      <div className="event-card-body">
        <p className="event-card-when">
          <Icon name="clock" size={16} />
          <span>
            {when}
            {zones && <span className="event-card-zones">{zones}</span>}
          </span>
        </p>
        {status && <p className="event-card-status">{status}</p>}
        <dl className="event-card-facts">
          {venue && (
            <Fact icon="pin" label={t('editor.venue')}>
              <strong>{String(venue.venue ?? '')}</strong>
              {place && <span className="event-card-place">{place}</span>}
            </Fact>
          )}
          {event.organizer.length > 0 && (
            <Fact icon="people" label={t('editor.organizers')}>
              {event.organizer.map((organizer) => String(organizer.organizer ?? '')).join(', ')}
            </Fact>
          )}
          {event.categories.length > 0 && (
            <Fact icon="folder" label={t('editor.categories')}>
              {event.categories.map((category) => (
                <span key={category.id} className="category-pill" style={{ borderColor: categoryColor(category.id) }}>
                  {category.name}
                </span>
              ))}
            </Fact>
          )}
          {event.cost !== '' && (
            <Fact icon="ticket" label={t('editor.cost')}>
              {event.cost}
            </Fact>
          )}
        </dl>
        {description && <p className="event-card-description">{description}</p>}
      </div>
      <footer className="event-card-actions">
        {editable && (
          <>
            <Button variant="primary" icon="edit" autoFocus onPress={() => openEditor({ kind: 'event', id: event.id })}>
              {t('common.edit')}
            </Button>
            <Button icon="copy" onPress={() => openEditor({ kind: 'event', id: null, copyOf: event.id })}>
              {t('card.duplicate')}
            </Button>
            <Button
              variant="danger"
              icon="trash"
              isDisabled={remove.isPending}
              onPress={() =>
                remove.mutate(
                  { id: event.id, etag },
                  {
                    onSuccess: () => {
                      onClose();
                      trashWithUndo.announce(event.id, event.title, event.status);
                    },
                    onError: (error) => notify(errorText(error), { tone: 'error' }),
                  },
                )
              }
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
            void downloadExport('ics', { include: event.id }, event.title).catch((error: unknown) =>
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
