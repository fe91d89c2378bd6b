// Venues or organizers from a CSV file (The Events Calendar's venue and organizer importers): a
// row whose name is already a venue (organizer) of the site updates it, any other creates one,
// each checked exactly as the API checks a write. Same transaction rule as events: call it
// inside one write transaction, and a preview (dryRun) writes nothing.
import type { OperationContext } from '../operations/context.ts';
import { ParamErrors } from '../operations/errors.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import { insertLinked, prepareLinked, updateLinked, type LinkedWriteArgs } from '../operations/linked/writes.ts';
import { authorizeLinkedWrite } from '../operations/linked/access.ts';
import { checkAuthorPermission } from '../operations/posts/writes.ts';
import type { CsvOrganizer, CsvVenue } from './csv/read-csv.ts';
import type { ReadCalendarFile } from './imported-event.ts';
import type { CsvColumns, ImportSkip, ImportSummary, PlannedEvent } from '../../contract/app/import-summary.ts';
import { MAX_LISTED } from './import-plan.ts';

type Item = (CsvVenue | CsvOrganizer) & { line: number };

function argsOf(kind: 'venues' | 'organizers', item: Item): LinkedWriteArgs {
  const fields: Record<string, unknown> =
    kind === 'venues'
      ? {
          venue: item.name,
          address: (item as CsvVenue).address,
          city: (item as CsvVenue).city,
          state: (item as CsvVenue).state,
          zip: (item as CsvVenue).zip,
          country: (item as CsvVenue).country,
          phone: item.phone,
          website: item.website,
          geo_lat: (item as CsvVenue).latitude,
          geo_lng: (item as CsvVenue).longitude,
          description: item.description,
        }
      : {
          organizer: item.name,
          email: (item as CsvOrganizer).email,
          phone: item.phone,
          website: item.website,
          description: item.description,
        };
  // A column the file does not have (or left empty) changes nothing.
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
}

/** The site's non-trashed venue (organizer) of that name, if any. */
function existing(ctx: OperationContext, type: 'venue' | 'organizer', name: string): PostRow | undefined {
  return ctx.store.posts.byTitle(ctx.site.id, type, name).find((row) => row.status !== 'trash');
}

export function runLinkedImport(
  ctx: OperationContext,
  kind: 'venues' | 'organizers',
  items: Item[],
  file: ReadCalendarFile,
  options: { dryRun: boolean; columns: CsvColumns },
): ImportSummary {
  const type = kind === 'venues' ? 'venue' : 'organizer';
  const skipped: ImportSkip[] = [...file.skipped];
  const listed: PlannedEvent[] = [];
  const seen = new Set<string>();
  let created = 0;
  let updated = 0;
  for (const item of items) {
    const key = item.name.trim().toLowerCase();
    if (seen.has(key)) {
      skipped.push({
        line: item.line,
        title: item.name,
        code: 'duplicate_name',
        reason: `"${item.name}" appears earlier in the file.`,
        params: { name: item.name },
      });
      continue;
    }
    seen.add(key);
    const args = argsOf(kind, item);
    const current = existing(ctx, type, item.name.trim());
    const errors = new ParamErrors();
    const prepared = prepareLinked(ctx, type, args, errors, (field) => field);
    if (errors.size > 0) {
      skipped.push({ line: item.line, title: item.name, code: 'invalid', reason: errors.messages().join(' ') });
      continue;
    }
    authorizeLinkedWrite(ctx, current);
    checkAuthorPermission(ctx, prepared.common);
    let id = current?.id;
    if (!options.dryRun) {
      if (current) updateLinked(ctx, type, current, args, prepared);
      else id = insertLinked(ctx, type, args, prepared);
    }
    if (current) updated++;
    else created++;
    if (listed.length < MAX_LISTED)
      listed.push(
        Object.assign(
          {
            line: item.line,
            uid: item.name,
            title: item.name,
            action: current ? ('update' as const) : ('create' as const),
          },
          id === undefined ? {} : { id },
        ),
      );
  }
  return {
    dry_run: options.dryRun,
    kind,
    created,
    updated,
    skipped: skipped.length,
    events: listed,
    skipped_items: skipped.sort((a, b) => a.line - b.line),
    warnings: file.warnings,
    series: [],
    columns: options.columns,
  };
}
