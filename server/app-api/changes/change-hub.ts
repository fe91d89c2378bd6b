// Watches the change log (migration 0009) for every open change stream of this server, so that 50
// open streams cost one timer, not 50. Commits by other processes (another server, the CLI) are
// noticed through SQLite's data_version, which moves only when another connection commits — one
// cheap pragma per tick; this server's own writes poke the hub directly (register.ts afterWrite),
// so they go out at once. The log is read only when one of the two says something changed.
// While no stream is open, the hub does nothing at all.
import type { Store } from '../../db/store.ts';
import type { ChangeRow } from '../../db/repositories/changes.ts';
import { writeGateOf } from '../../http/write-gate.ts';

interface ChangeSubscriber {
  /** Changes after the subscriber's cursor, oldest first; `through` is the last seq examined. */
  deliver(rows: ChangeRow[], through: number): void;
  /** The server is stopping: end the stream. */
  end(): void;
}

export interface ChangeHubOptions {
  /** How often data_version is read while streams are open (ms). */
  pollMs?: number;
  /** Changes kept in the log for clients that reconnect; older ones are pruned. */
  keep?: number;
  /** How often the log is pruned (ms). */
  pruneMs?: number;
}

const READ_BATCH = 500;

export class ChangeHub {
  private readonly subscribers = new Set<ChangeSubscriber>();
  /** The highest seq read from the log (while streams are open). */
  private seen = 0;
  private dataVersion = -1;
  private timer: NodeJS.Timeout | undefined;
  private poked: NodeJS.Immediate | undefined;
  private readonly pruneTimer: NodeJS.Timeout;
  private readonly readVersion: () => number;
  private readonly pollMs: number;

  constructor(
    private readonly store: Store,
    options: ChangeHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 200;
    const statement = store.db.prepare('PRAGMA data_version').pluck();
    this.readVersion = () => statement.get() as number;
    const keep = options.keep ?? 10_000;
    this.pruneTimer = setInterval(() => this.prune(keep), options.pruneMs ?? 60_000);
    this.pruneTimer.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Adds a stream whose client has seen every change through `cursor` (the handler sent the
   * backlog up to there from its snapshot). Changes the hub read past already are sent now.
   */
  subscribe(subscriber: ChangeSubscriber, cursor: number): () => void {
    if (this.subscribers.size === 0) this.start(cursor);
    if (cursor < this.seen) this.forEachBatch(cursor, this.seen, (rows, through) => subscriber.deliver(rows, through));
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) this.stop();
    };
  }

  /** This server wrote: look now rather than at the next tick. */
  poke(): void {
    if (this.subscribers.size === 0 || this.poked) return;
    this.poked = setImmediate(() => {
      this.poked = undefined;
      this.read();
    });
  }

  /** The server is stopping: every stream ends (an open stream would hold its connection). */
  close(): void {
    clearInterval(this.pruneTimer);
    for (const subscriber of [...this.subscribers]) subscriber.end();
    this.subscribers.clear();
    this.stop();
  }

  private start(cursor: number): void {
    this.dataVersion = this.readVersion();
    this.seen = Math.max(cursor, this.store.changes.latest());
    this.timer = setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.poked) clearImmediate(this.poked);
    this.poked = undefined;
  }

  private tick(): void {
    const version = this.readVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.read();
  }

  private read(): void {
    const latest = this.store.changes.latest();
    if (latest <= this.seen) {
      // The log went back (the database was replaced by a restore): streams must start over.
      if (latest < this.seen) for (const subscriber of [...this.subscribers]) subscriber.end();
      return;
    }
    this.forEachBatch(this.seen, latest, (rows, through) => {
      for (const subscriber of this.subscribers) subscriber.deliver(rows, through);
    });
    this.seen = latest;
  }

  /** The log's rows in (from, to], in batches, each read in one snapshot. */
  private forEachBatch(from: number, to: number, each: (rows: ChangeRow[], through: number) => void): void {
    let cursor = from;
    while (cursor < to) {
      const rows = this.store
        .snapshot(() => this.store.changes.after(cursor, READ_BATCH))
        .filter((row) => row.seq <= to);
      // Pruned or rolled-back numbers leave gaps: a short batch means everything up to `to` was read.
      const through = rows.length < READ_BATCH ? to : rows[rows.length - 1]!.seq;
      each(rows, through);
      cursor = through;
    }
  }

  private prune(keep: number): void {
    if (writeGateOf(this.store).closed) return; // an import holds the write lock: the next round prunes
    try {
      this.store.writing(() => this.store.changes.prune(keep, 2_000));
    } catch {
      // Busy with another process's write: the next round prunes.
    }
  }
}
