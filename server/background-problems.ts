// What went wrong out of sight of any request — a daily backup that failed, a read worker that
// could not start or died — kept so that it can be shown (Settings → Backups, the window's
// notice, almanac/v1/health) instead of only being logged. In memory, per running service: the
// work that failed is retried (the daily backup is checked again every hour, the read worker
// starts again with the next slow read), so after a restart a problem that persists shows again.
export type ProblemKind = 'backup' | 'read-worker';

export interface Problem {
  kind: ProblemKind;
  /** What failed, in words (the error's message). */
  message: string;
  /** When it last happened (ISO 8601, UTC). */
  at: string;
  /** How many times since the service started. */
  count: number;
}

export class BackgroundProblems {
  private readonly latest = new Map<ProblemKind, Problem>();

  /** `onReport` hears every failure (the service writes it to its log). */
  constructor(private readonly onReport: (problem: Problem) => void = () => {}) {}

  report(kind: ProblemKind, message: string): void {
    const problem: Problem = {
      kind,
      message,
      at: new Date().toISOString(),
      count: (this.latest.get(kind)?.count ?? 0) + 1,
    };
    this.latest.set(kind, problem);
    this.onReport(problem);
  }

  /** The last failure of that kind, if any. */
  last(kind: ProblemKind): Problem | undefined {
    return this.latest.get(kind);
  }

  /** The last failure of each kind, newest first. */
  all(): Problem[] {
    return [...this.latest.values()].sort((a, b) => b.at.localeCompare(a.at));
  }
}
