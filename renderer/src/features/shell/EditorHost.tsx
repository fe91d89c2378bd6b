// Whichever editor the UI store says is open, as a dialog over the current screen.
import { lazy, Suspense, useEffect } from 'react';
import { useUi } from '../../state/ui-store.ts';
import { useSession } from '../../api/session.ts';
import { canEdit } from '../session/permissions.ts';
import { afterFirstScreen } from './first-screen.ts';
import type EventEditorComponent from '../events/editor/EventEditor.tsx';
import type LinkedEditorComponent from '../linked/LinkedEditor.tsx';
import type TermEditorComponent from '../terms/TermEditor.tsx';

// The editors are their own chunks (the first screen paints without them) and are fetched once
// that screen is drawn and the browser is idle after it (first-screen.ts), so the first click on an event does not wait for a download.
// Once fetched, an editor is rendered directly: through lazy() it would suspend once more, and
// React holds a revealed Suspense boundary back for up to 300 ms.
const loaded: {
  event?: typeof EventEditorComponent;
  linked?: typeof LinkedEditorComponent;
  term?: typeof TermEditorComponent;
} = {};
const loadEventEditor = () =>
  import('../events/editor/EventEditor.tsx').then((module) => (loaded.event = module.default));
const loadLinkedEditor = () => import('../linked/LinkedEditor.tsx').then((module) => (loaded.linked = module.default));
const loadTermEditor = () => import('../terms/TermEditor.tsx').then((module) => (loaded.term = module.default));
const LazyEventEditor = lazy(() => loadEventEditor().then((component) => ({ default: component })));
const LazyLinkedEditor = lazy(() => loadLinkedEditor().then((component) => ({ default: component })));
const LazyTermEditor = lazy(() => loadTermEditor().then((component) => ({ default: component })));

function usePreloadEditors() {
  useEffect(() => {
    const preload = () => void Promise.all([loadEventEditor(), loadLinkedEditor(), loadTermEditor()]).catch(() => {});
    let idle: number | undefined;
    let timer: number | undefined;
    // After the first screen is drawn, then at idle: not while it waits for its data.
    const stop = afterFirstScreen(() => {
      idle = window.requestIdleCallback?.(preload, { timeout: 2000 });
      if (idle === undefined) timer = window.setTimeout(preload, 1000);
    });
    return () => {
      stop();
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
}

export function EditorHost() {
  const editor = useUi((state) => state.editor);
  const session = useSession().data;
  usePreloadEditors();
  if (!editor) return null;
  // Visitors read events in their card; the event editor is for those who may write.
  if (editor.kind === 'event' && !(session && canEdit(session))) return null;
  const EventEditor = loaded.event ?? LazyEventEditor;
  const LinkedEditor = loaded.linked ?? LazyLinkedEditor;
  const TermEditor = loaded.term ?? LazyTermEditor;
  return (
    <Suspense fallback={null}>
      {editor.kind === 'event' && <EventEditor key={editor.id ?? `new${editor.copyOf ?? ''}`} target={editor} />}
      {(editor.kind === 'venue' || editor.kind === 'organizer') && (
        <LinkedEditor
          key={`${editor.kind}${editor.id ?? `new${editor.copyOf ?? ''}`}`}
          kind={editor.kind === 'venue' ? 'venues' : 'organizers'}
          id={editor.id}
          copyOf={editor.copyOf}
        />
      )}
      {(editor.kind === 'category' || editor.kind === 'tag') && (
        <TermEditor
          key={`${editor.kind}${editor.id ?? 'new'}`}
          taxonomy={editor.kind === 'category' ? 'categories' : 'tags'}
          id={editor.id}
        />
      )}
    </Suspense>
  );
}
