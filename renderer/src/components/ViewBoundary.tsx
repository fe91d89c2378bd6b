// A rendering error stays inside the view it happened in: every screen, the event card and the
// editors each stand in one of these, so a failure never blanks the app. The view is replaced by
// a message that says what failed and offers to reload that view (its data is asked for again and
// it is drawn afresh); the error and React's component stack are written to the console (the
// desktop's main process sees them as the window's console messages). The rest of the window —
// the navigation, other views — goes on.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentSite } from '../api/site.ts';
import { useUi } from '../state/ui-store.ts';
import { useT, type MessageId } from '../i18n/index.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';

const VIEW_NAMES: Record<string, MessageId> = {
  calendar: 'nav.calendar',
  events: 'nav.events',
  venues: 'nav.venues',
  organizers: 'nav.organizers',
  categories: 'nav.categories',
  tags: 'nav.tags',
  trash: 'nav.trash',
  settings: 'nav.settings',
  api: 'nav.apiDocs',
  card: 'error.viewCard',
  editor: 'error.viewEditor',
};

interface State {
  error: Error | null;
  /** Bumped by "Reload this view": the view is drawn afresh. */
  attempt: number;
}

export class ViewBoundary extends Component<{ view: string; children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Almanac: the ${this.props.view} view failed to render.`, error, info.componentStack);
  }

  override componentDidUpdate(previous: { view: string }): void {
    // Another screen: it gets its own chance.
    if (previous.view !== this.props.view && this.state.error) this.setState({ error: null });
  }

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (error)
      return (
        <ViewFailed
          view={this.props.view}
          error={error}
          onReload={() => this.setState({ error: null, attempt: attempt + 1 })}
        />
      );
    return <ViewAttempt key={attempt}>{this.props.children}</ViewAttempt>;
  }
}

function ViewAttempt({ children }: { children: ReactNode }) {
  return children;
}

function ViewFailed({ view, error, onReload }: { view: string; error: Error; onReload(): void }) {
  const t = useT();
  const client = useQueryClient();
  const name = t(VIEW_NAMES[view] ?? 'error.viewEditor');
  const reload = () => {
    // What it drew from is asked for again: a bad answer may have been what failed. The failed
    // view's queries have no observer now; dropped, they are fetched afresh as it is drawn again.
    client.removeQueries({ queryKey: [currentSite()], type: 'inactive' });
    onReload();
  };
  const body = (
    <div className="view-failed" role="alert">
      <Icon name="alert" size={24} />
      <div>
        <strong>{t('error.viewFailed', { view: name })}</strong>
        <p>{t('error.whatFailed', { message: error.message })}</p>
        <Button variant="primary" onPress={reload}>
          {t('error.reloadView')}
        </Button>
      </div>
    </div>
  );
  if (view !== 'card' && view !== 'editor') return <section className="screen">{body}</section>;
  // Over the screen, as the card or editor was: closing it leaves the screen as it is.
  const close = () => {
    const ui = useUi.getState();
    if (view === 'card') ui.closeCard();
    else ui.closeEditor();
    onReload();
  };
  return (
    <Dialog title={name} isOpen onClose={close} size="small">
      {body}
    </Dialog>
  );
}
