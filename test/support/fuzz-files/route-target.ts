// The import route as the fuzz target sees it: the real service in a child process (as the desktop
// app runs it), sent each file with POST almanac/v1/import. A request that does not answer in time
// is a finding; the child is then killed and started again, so the run goes on.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDataDir } from '../../../server/data-dir.ts';
import { startChildServer, type ChildServer } from '../../reliability/child-server.ts';

export interface RouteAnswer {
  status: number;
  body: unknown;
  ms: number;
}

export class RouteTarget {
  private server: ChildServer | null = null;
  private token = '';
  readonly dataDir = mkdtempSync(join(tmpdir(), 'almanac-fuzz-files-'));
  /** Highest resident memory seen in the child (VmHWM), in MB, over all its starts. */
  peakMb = 0;
  restarts = 0;

  constructor(private readonly timeLimitMs: number) {}

  async start(): Promise<void> {
    if (!this.token) {
      const store = openDataDir(this.dataDir, { timezone: 'Europe/Berlin' });
      this.token = store.users.createToken(store.users.byLogin('admin')!.id, 'fuzz-files');
      store.close();
    }
    // The child's heap is capped as the desktop app's is not: a file that would take all memory
    // ends the child (a finding) instead of the machine.
    this.server = await startChildServer(this.dataDir, { nodeArgs: ['--import', 'tsx', '--max-old-space-size=1024'] });
    // A first import loads and compiles the readers (a second or more on a busy machine): done here,
    // so that it does not count against the first input's time limit.
    await this.post('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', 'ics', { dry_run: 'true' });
  }

  private notePeak(): void {
    if (!this.server) return;
    try {
      const status = readFileSync(`/proc/${this.server.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      this.peakMb = Math.max(this.peakMb, Math.round(kb / 1024));
    } catch {
      // not Linux, or the child is gone
    }
  }

  /** `extraMs`: time the request may take beyond the limit (writing 100,000 events takes a while). */
  async post(
    text: string,
    format: 'ics' | 'csv',
    query: Record<string, string>,
    extraMs = 0,
  ): Promise<RouteAnswer | { timeout: true; ms: number } | { died: string; ms: number }> {
    if (!this.server) await this.start();
    const server = this.server as ChildServer;
    const origin = server.apiRoot.replace(/\/svc\/events\/v1$/, '');
    const started = performance.now();
    try {
      const response = await fetch(`${origin}/almanac/v1/import?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': format === 'csv' ? 'text/csv' : 'text/calendar',
        },
        body: text,
        signal: AbortSignal.timeout(this.timeLimitMs + extraMs),
      });
      const raw = await response.text();
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text: the check reports it
      }
      this.notePeak();
      return { status: response.status, body, ms: performance.now() - started };
    } catch (error) {
      const ms = performance.now() - started;
      const exited = server.child.exitCode !== null || server.child.signalCode !== null;
      const output = server.output().slice(-2000);
      await this.restart();
      if (exited) return { died: output, ms };
      if ((error as Error).name === 'TimeoutError') return { timeout: true, ms };
      return { died: `${(error as Error).message}\n${output}`, ms };
    }
  }

  private async restart(): Promise<void> {
    this.notePeak();
    await this.server?.stop('SIGKILL');
    this.server = null;
    this.restarts++;
    await this.start();
  }

  /** Stops the child; then the database must be intact (the imports were whole or nothing). */
  async close(): Promise<string[]> {
    this.notePeak();
    await this.server?.stop('SIGTERM');
    this.server = null;
    const problems: string[] = [];
    const db = new Database(join(this.dataDir, 'almanac.sqlite'), { readonly: true });
    try {
      const integrity = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
      if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok')
        problems.push(`PRAGMA integrity_check: ${JSON.stringify(integrity).slice(0, 500)}`);
      const foreignKeys = db.prepare('PRAGMA foreign_key_check').all();
      if (foreignKeys.length > 0) problems.push(`PRAGMA foreign_key_check: ${foreignKeys.length} rows`);
    } finally {
      db.close();
    }
    rmSync(this.dataDir, { recursive: true, force: true });
    return problems;
  }
}
