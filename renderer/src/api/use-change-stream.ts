// Keeps what the UI shows current while others write: scripts through the API, the CLI, a second
// window. Reads almanac/v1/changes (server/app-api/changes) and marks exactly the affected queries
// stale; those on screen are refetched, one refetch in flight per query (coalesced-refetch.ts).
// Reconnects by itself, resuming after the last
// change it saw (Last-Event-ID), so a server restart loses nothing; when the server says the gap
// cannot be replayed (`reset`), everything of the site is refetched.
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APP_NS, apiUrl } from './client.ts';
import { authHeaders } from './auth.ts';
import { currentSite } from './site.ts';
import { sseParser } from './sse.ts';
import { staleQueriesOf } from './change-keys.ts';
import { CoalescedRefetch } from './coalesced-refetch.ts';
import type { Change, ChangesMessage } from './types.ts';

/** Waits between reconnects: quick at first (a restart takes a second or two), then calmer. */
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];
/** Changes that arrive within this window are applied together (a bulk write sends many). */
const BATCH_MS = 50;

/**
 * Streams for the signed-in `user` (a new sign-in opens a new stream with its rights), from
 * `since`: the session's change_seq. The session is read before any data, so resuming from there
 * catches every change the first queries might have missed.
 */
export function useChangeStream(session: { user: string; since: number } | undefined) {
  const client = useQueryClient();
  const user = session?.user;
  const since = session?.since;
  useEffect(() => {
    if (user === undefined || since === undefined) return;
    const stream = new ChangeStream(client, String(since));
    stream.start();
    return () => stream.stop();
  }, [client, user, since]);
}

class ChangeStream {
  private abort: AbortController | undefined;
  private stopped = false;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pending: Change[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly refetch: CoalescedRefetch;

  constructor(
    client: QueryClient,
    /** The last change this window has seen (sent as Last-Event-ID). */
    private lastId: string,
  ) {
    this.refetch = new CoalescedRefetch(client);
  }

  start(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    if (document.visibilityState !== 'hidden') void this.connect();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.disconnect();
    clearTimeout(this.flushTimer);
    this.refetch.stop();
  }

  /**
   * A hidden tab lets go of its stream: a browser keeps at most six connections to one origin, and
   * six tabs each holding a stream would leave none for requests. Shown again, it resumes from the
   * last change it saw and catches up at once.
   */
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.disconnect();
    else if (!this.abort) {
      this.failures = 0;
      void this.connect();
    }
  };

  private disconnect(): void {
    this.abort?.abort();
    this.abort = undefined;
    clearTimeout(this.retry);
  }

  private async connect(): Promise<void> {
    const abort = (this.abort = new AbortController());
    try {
      const response = await fetch(apiUrl(APP_NS, 'changes'), {
        headers: {
          Accept: 'text/event-stream',
          ...authHeaders(),
          'Last-Event-ID': this.lastId,
        },
        credentials: 'same-origin',
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`change stream: HTTP ${response.status}`);
      const parse = sseParser((message) => {
        if (message.id !== undefined) this.lastId = message.id;
        if (message.event === 'changes') this.queue((JSON.parse(message.data) as ChangesMessage).changes);
        else if (message.event === 'reset') this.refetch.changed([[currentSite()]]);
        else if (message.event === 'ready') this.failures = 0;
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // A network error or the server stopping: reconnect below.
    }
    // Stopped, hidden, or already replaced by a newer connection: nothing to do here.
    if (this.stopped || this.abort !== abort) return;
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.failures++;
    this.retry = setTimeout(() => void this.connect(), wait);
  }

  private queue(changes: Change[]): void {
    this.pending.push(...changes);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      const batch = this.pending;
      this.pending = [];
      // Only this site's changes matter here (and the sites list, which every page shows).
      const relevant = batch.filter((change) => change.site === currentSite() || change.kind === 'site');
      // A fetch already under way may have begun before the change was committed (a page still
      // loading when a script wrote): it is fetched once more after it lands, never cancelled.
      this.refetch.changed(staleQueriesOf(relevant));
    }, BATCH_MS);
  }
}
