// The write gate: while an import job's worker holds SQLite's write lock (one transaction for the
// whole import, server/import-jobs/), a write on the event loop would wait for that lock inside
// better-sqlite3 — synchronously, for up to busy_timeout (5 s), with every other request frozen
// behind it, and then fail with SQLITE_BUSY. Instead the event loop's writers wait here, as a
// promise, before they begin their transaction: reads go on answering from their WAL snapshots,
// and the waiting writes run, in order of arrival, once the import has committed or rolled back.
// One gate per store (its database file on this event loop), found from the store so every
// writer (API routes, CalDAV, sign-ins, token stamps, the change log's pruning) shares it.
import type { Store } from '../db/store.ts';

export class WriteGate {
  private holders = 0;
  private waiting: (() => void)[] = [];

  /** True while a worker holds (or is about to take) the write lock. */
  get closed(): boolean {
    return this.holders > 0;
  }

  /** Resolves at once when open; else when the last holder releases it. */
  whenOpen(): Promise<void> {
    if (this.holders === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Closes the gate for the caller; the returned function opens it again (once). */
  close(): () => void {
    this.holders++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      if (this.holders > 0) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
    };
  }
}

const gates = new WeakMap<Store, WriteGate>();

/** The gate of `store`'s database on this event loop. */
export function writeGateOf(store: Store): WriteGate {
  let gate = gates.get(store);
  if (!gate) gates.set(store, (gate = new WriteGate()));
  return gate;
}
