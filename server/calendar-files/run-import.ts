// What a file read becomes: events through the event import plan, venues or organizers through
// the linked one. The caller holds the write transaction: an import job's worker
// (../import-jobs/import-worker.ts), for the API and the CLI alike.
import type { OperationContext } from '../operations/context.ts';
import type { ImportSummary } from '../../contract/app/import-summary.ts';
import type { ReadResult } from './read-calendar-file.ts';
import { runImport } from './import-plan.ts';
import { runLinkedImport } from './import-linked.ts';

export function runFileImport(
  ctx: OperationContext,
  read: ReadResult,
  options: { dryRun: boolean; calendarKey: string; onEvent?: (handled: number) => void },
): ImportSummary {
  if (read.kind === 'events') {
    const run = () => runImport(ctx, read.file, Object.assign({ columns: read.columns }, options));
    // One transaction (the caller's): the new events' ids are counted in memory, written once.
    return options.dryRun ? run() : ctx.store.sites.withPostIdsInMemory(ctx.site.id, run);
  }
  // Venues and organizers: a spreadsheet of them is small, so progress jumps from none to all.
  options.onEvent?.(0);
  const summary = runLinkedImport(ctx, read.kind, read.items, read.file, {
    dryRun: options.dryRun,
    columns: read.columns,
  });
  options.onEvent?.(read.items.length);
  return summary;
}
