// Drag to move, drag an edge to resize, Ctrl/Cmd+Z to undo the last move. Every PATCH carries the
// ETag the calendar loaded as If-Match: if someone changed the event meanwhile, the move is refused
// (412) and put back, and the user is told — never a silent overwrite. A move of a repeating event's
// occurrences (features/series/use-series-moves.ts) goes on the same stack, undone by its token.
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUpdateEvent } from '../../api/events.ts';
import { invalidateAfterSeriesWrite, undoSeriesChange } from '../../api/series.ts';
import { ApiError } from '../../api/errors.ts';
import type { FeedEvent } from '../../api/types.ts';
import { notify, withdrawNotice } from '../../components/Notices.tsx';
import { useErrorText } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import { useUi } from '../../state/ui-store.ts';
import { moveWrite, restoreWrite, type Placed } from './moves.ts';

export function useMoves() {
  const t = useT();
  const errorText = useErrorText();
  const update = useUpdateEvent();
  const client = useQueryClient();

  const undo = useCallback(async () => {
    const move = useUi.getState().popMove();
    if (!move) return;
    // Its "Moved … Undo" goes: "Move undone" says what happened, and that Undo is done.
    if (move.notice !== undefined) withdrawNotice(move.notice);
    try {
      // A series move is undone whole by its token (every occurrence back, ids and all).
      if (move.seriesUndo) {
        await undoSeriesChange(move.seriesUndo).finally(() => invalidateAfterSeriesWrite(client));
      } else await update.mutateAsync({ id: move.id, write: restoreWrite(move.before), etag: move.etag });
      notify(t('calendar.undone'));
    } catch (error) {
      notify(
        error instanceof ApiError && error.isConflict
          ? t('calendar.moveConflict', { title: move.title })
          : t('calendar.moveFailed', { message: errorText(error) }),
        { tone: 'error' },
      );
    }
  }, [update, client, t, errorText]);

  /** Saves a drop or resize; `revert` puts the event back on screen when the save fails. */
  const save = useCallback(
    async (placed: Placed, feed: FeedEvent, revert: () => void, how: 'move' | 'resize') => {
      try {
        const answer = await update.mutateAsync({ id: feed.id, write: moveWrite(placed, feed), etag: feed.etag });
        const notice = notify(t(how === 'move' ? 'calendar.moved' : 'calendar.resized', { title: feed.title }), {
          action: { label: t('calendar.undo'), run: () => void undo() },
        });
        useUi.getState().pushMove({ id: feed.id, title: feed.title, before: feed, etag: answer.etag, notice });
      } catch (error) {
        revert();
        notify(
          error instanceof ApiError && error.isConflict
            ? t('calendar.moveConflict', { title: feed.title })
            : t('calendar.moveFailed', { message: errorText(error) }),
          { tone: 'error' },
        );
      }
    },
    [update, t, errorText, undo],
  );

  // Ctrl+Z / Cmd+Z undoes the last move, unless the user is typing in a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"], select')) return;
      if (useUi.getState().moves.length === 0) return;
      event.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  return { save, undo };
}
