// Who may run an expensive CalDAV request, and when (issue 37). Each request is bounded on its own
// (limits.ts, object-limits.ts), but a caller who sends many at once multiplies that bound, and a
// few callers together could keep every core busy. So expensive requests take turns:
//
// - per caller (a user from one client address), one runs at a time; the others wait in a short
//   queue, in order, and a request that finds the queue full — or waits too long — is answered
//   429 with Retry-After (RFC 6585 §4, RFC 9110 §10.2.3): the caller sent too many. Eight
//   requests of one caller then cost what one does, however much each may legitimately ask for.
// - overall, at most MAX_RUNNING expensive requests run at once, whoever sends them: CalDAV's
//   worker is one thread (app.ts), so more at once would add no throughput, only turns that
//   everyone else's reads wait behind; a core stays for the event loop. A request that finds
//   that line full, or waits past MAX_WAIT_MS, is answered 503 with Retry-After
//   (RFC 9110 §15.6.4): the service, not the caller, is busy.
//
// A caller's turn is taken before its body is read (eight 2 MiB bodies of one caller are not
// received at once); the shared slot after, so a slow upload holds up only its own caller. Both
// are held until the answer has been sent (a streamed 207 works as the client takes it).
//
// What counts as expensive is decided from the method, the path, Depth and Content-Length alone
// (isExpensive): what real calendar apps send in a sync is cheap and never waits here.
import { DavError } from './errors.ts';

/** Expensive requests one caller may have waiting (one more runs). */
export const MAX_WAITING_PER_CALLER = 15;
/** Expensive requests running at once, all callers together. */
export const MAX_RUNNING = 2;
/** Requests waiting for one of those (each caller has at most one waiting there). */
export const MAX_WAITING = 64;
/** How long a request waits for its turn (then 429), and again for a slot (then 503). */
export const MAX_WAIT_MS = 10_000;
/** A body larger than this makes a request expensive (the largest a real client sends is ~2.5 KB). */
export const CHEAP_BODY_BYTES = 8 * 1024;

export interface AdmissionLimits {
  waitingPerCaller: number;
  running: number;
  waiting: number;
  maxWaitMs: number;
}

export const ADMISSION_LIMITS: AdmissionLimits = {
  waitingPerCaller: MAX_WAITING_PER_CALLER,
  running: MAX_RUNNING,
  waiting: MAX_WAITING,
  maxWaitMs: MAX_WAIT_MS,
};

/** What a request is, as far as the headers tell before anything is read. */
export interface RequestShape {
  method: string;
  /** The path names a calendar (a Depth 1 PROPFIND there lists every object). */
  calendar: boolean;
  depth: string | undefined;
  contentLength: string | undefined;
  chunked: boolean;
}

/**
 * Whether a request may cost much: a PUT (its object is read on CalDAV's worker: up to ~100 ms
 * of CPU at the object limits, and its size does not say how much — 400 dates fit in 7 KB), a
 * REPORT (every one reads the calendar on CalDAV's worker; a time range or an expand can make a
 * small body costly), a PROPFIND Depth 1 on a calendar (every object), and any body larger than
 * CHEAP_BODY_BYTES or of unknown length. The rest — OPTIONS, GET, HEAD, DELETE, a PROPFIND
 * Depth 0 or of a home, a small PROPPATCH — is answered from one object or a few rows.
 */
export function isExpensive(shape: RequestShape): boolean {
  const { method } = shape;
  if (method === 'PUT' || method === 'REPORT') return true;
  if (method === 'PROPFIND' && shape.calendar && (shape.depth ?? '').trim() === '1') return true;
  if (shape.chunked) return true;
  const length = Number(shape.contentLength ?? 0);
  return !Number.isFinite(length) || length > CHEAP_BODY_BYTES;
}

/** A place in a line: resolved with its release when its turn comes, rejected when refused. */
interface Waiter {
  grant: () => void;
  refuse: (error: DavError) => void;
}

/** At most `running` holders at once, at most `waiting` others in line (first come, first served). */
class Turns {
  holders = 0;
  readonly line: Waiter[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  get busy(): boolean {
    return this.holders > 0 || this.line.length > 0;
  }

  /**
   * Takes a turn: at once, or after waiting in line. Refused (the error made by `refusal`) when
   * the line is full or the wait passes `maxWaitMs`; `cancelled` takes a waiter out of line (its
   * client went away).
   */
  take(maxWaitMs: number, refusal: (why: 'full' | 'waited') => DavError, cancelled: AbortSignal): Promise<void> {
    if (this.holders < this.running && this.line.length === 0) {
      this.holders++;
      return Promise.resolve();
    }
    if (this.line.length >= this.waiting) return Promise.reject(refusal('full'));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        cancelled.removeEventListener('abort', onAbort);
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          resolve();
        },
        refuse: (error) => {
          leave();
          reject(error);
        },
      };
      const timer = setTimeout(() => waiter.refuse(refusal('waited')), maxWaitMs);
      const onAbort = () => waiter.refuse(new DavError(499, 'The client went away while waiting.'));
      cancelled.addEventListener('abort', onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** Gives a turn back: the first in line takes it. */
  give(): void {
    const next = this.line[0];
    if (next) next.grant();
    else this.holders--;
  }
}

/** A request admitted as expensive: what it holds, given back once when its answer is done. */
export interface Admitted {
  /** Waits for one of the shared slots (after the body has been read). */
  slot(): Promise<void>;
  /** Gives back what it holds; safe to call more than once. */
  done(): void;
}

export class Admission {
  private readonly callers = new Map<string, Turns>();
  private readonly shared: Turns;
  /** Recent time an expensive request ran (ms, a moving average): what Retry-After is made from. */
  private typicalMs = 200;
  /**
   * Counts for tests: expensive requests admitted (of which `waited` had to wait for their turn),
   * refused (429 or 503), waiting for their caller's turn now, holding a shared slot now, and the
   * most that held one at once.
   */
  readonly stats = { admitted: 0, waited: 0, refused: 0, waiting: 0, running: 0, peakRunning: 0 };

  constructor(private readonly limits: AdmissionLimits = ADMISSION_LIMITS) {
    this.shared = new Turns(limits.running, limits.waiting);
  }

  /** Seconds a refused client should wait: the work ahead of it, at the recent pace, at least 1. */
  private retryAfter(ahead: number): string {
    return String(Math.min(60, Math.max(1, Math.ceil((this.typicalMs * Math.max(1, ahead)) / 1000))));
  }

  /**
   * The refusal of a request that found its line full or waited too long: 429 when the line is
   * the caller's own (it sent too many: RFC 6585 §4), 503 when it is everyone's (the service is
   * busy: RFC 9110 §15.6.4). Both say when to come back.
   */
  private refusal(ahead: number, whose: 'caller' | 'shared') {
    const [status, who] = whose === 'caller' ? [429, 'from you'] : [503, 'for everyone'];
    return (why: 'full' | 'waited') => {
      this.stats.refused++;
      return new DavError(
        status,
        why === 'full'
          ? `Too many expensive requests ${who} at once; try again shortly.`
          : `The service is busy with other requests ${who}; try again shortly.`,
        undefined,
        '',
        { 'retry-after': this.retryAfter(ahead) },
      );
    };
  }

  /**
   * Takes `caller`'s turn (waiting behind its other expensive requests, 429 when too many wait).
   * `cancelled` is the client going away.
   */
  async admit(caller: string, cancelled: AbortSignal): Promise<Admitted> {
    let turns = this.callers.get(caller);
    if (!turns) {
      turns = new Turns(1, this.limits.waitingPerCaller);
      this.callers.set(caller, turns);
    }
    const mine = turns;
    const queued = mine.busy;
    if (queued) this.stats.waiting++;
    try {
      await mine.take(this.limits.maxWaitMs, this.refusal(mine.line.length + 1, 'caller'), cancelled);
    } catch (error) {
      if (!mine.busy) this.callers.delete(caller);
      throw error;
    } finally {
      if (queued) this.stats.waiting--;
    }
    if (queued) this.stats.waited++;
    this.stats.admitted++;
    let holdsSlot = false;
    let finished = false;
    let started = 0;
    return {
      slot: async () => {
        if (finished) return;
        await this.shared.take(this.limits.maxWaitMs, this.refusal(this.shared.line.length + 1, 'shared'), cancelled);
        if (finished) {
          this.shared.give(); // the client went away as the slot came
          return;
        }
        holdsSlot = true;
        started = performance.now();
        this.stats.running++;
        this.stats.peakRunning = Math.max(this.stats.peakRunning, this.stats.running);
      },
      done: () => {
        if (finished) return;
        finished = true;
        if (holdsSlot) {
          this.stats.running--;
          this.typicalMs = 0.8 * this.typicalMs + 0.2 * (performance.now() - started);
          this.shared.give();
        }
        mine.give();
        if (!mine.busy) this.callers.delete(caller);
      },
    };
  }
}
