// Whichever editor the UI store says is open, as a dialog over the current screen.
import { lazy, Suspense } from 'react';
import { useUi } from '../../state/ui-store.ts';

const EventEditor = lazy(() => import('../events/editor/EventEditor.tsx'));
const LinkedEditor = lazy(() => import('../linked/LinkedEditor.tsx'));
const TermEditor = lazy(() => import('../terms/TermEditor.tsx'));

export function EditorHost() {
  const editor = useUi((state) => state.editor);
  if (!editor) return null;
  return (
    <Suspense fallback={null}>
      {editor.kind === 'event' && <EventEditor key={editor.id ?? 'new'} target={editor} />}
      {(editor.kind === 'venue' || editor.kind === 'organizer') && (
        <LinkedEditor
          key={`${editor.kind}${editor.id ?? 'new'}`}
          kind={editor.kind === 'venue' ? 'venues' : 'organizers'}
          id={editor.id}
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
