// Sends an export: headers, a cheap ETag (so a subscribed calendar app polling every few minutes
// costs one lookup while nothing changed), then the streamed file (calendar-files/export-stream.ts).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../http/context.ts';
import type { OperationContext } from '../../operations/context.ts';
import type { EventListFilter } from '../../db/repositories/event-list.ts';
import { exportStream, type ExportFormat } from '../../calendar-files/export-stream.ts';

const TYPES: Record<ExportFormat, string> = {
  ics: 'text/calendar; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** What makes this site's own event UIDs unique across installs (see ics-export/vevent.ts). */
export function calendarKey(ctx: OperationContext): string {
  const created = ctx.store.sites.createdUtc(ctx.site.id);
  return `${ctx.site.code}-${createHash('sha1').update(`${ctx.site.id}|${created}`).digest('hex').slice(0, 10)}`;
}

export interface ExportPlan {
  format: ExportFormat;
  filter: EventListFilter;
  /** The file name offered to a browser (without extension). */
  name: string;
  /** The change log's position when the request was read (the ETag's version). */
  version: number;
}

/** Reads what the export needs inside the request's snapshot. */
export function planExport(
  ctx: RequestContext,
  format: ExportFormat,
  filter: EventListFilter,
  name: string,
): ExportPlan {
  return { format, filter, name, version: ctx.store.changes.latest() };
}

/**
 * The ETag: the data's version (every write of any process moves it), who asks, and what they
 * asked for. Nothing changed → same ETag, whatever the filter would match.
 */
function etagOf(ctx: RequestContext, plan: ExportPlan, url: string): string {
  const who = ctx.actor ? `${ctx.actor.userId}:${ctx.actor.role}` : 'anonymous';
  const hash = createHash('sha1').update(`${ctx.site.id}|${who}|${ctx.baseUrl}|${url}`).digest('hex').slice(0, 16);
  return `"${plan.format}-${plan.version}-${hash}"`;
}

function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });
}

export function sendExport(ctx: RequestContext, plan: ExportPlan, request: FastifyRequest, reply: FastifyReply) {
  const etag = etagOf(ctx, plan, request.url);
  // Calendar apps revalidate: private, and never stored without asking.
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const fileName = `${plan.name}.${plan.format}`.replace(/[^\w.-]+/g, '-');
  reply
    .type(TYPES[plan.format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff');
  const stream = exportStream(ctx.store.db.name, plan.format, plan.filter, {
    name: ctx.site.title,
    timezone: ctx.site.timezone,
    baseUrl: ctx.baseUrl,
    calendarKey: calendarKey(ctx),
  });
  return reply.send(Readable.from(stream));
}
