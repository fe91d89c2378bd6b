// The whole-calendar reads of CalDAV — a calendar's PROPFIND Depth 1 and every REPORT — as jobs
// that run on the read worker (server/read-worker/), so a calendar app's sync of 10,000 objects
// never holds up the event loop the window and the API answer on. The event loop has already
// checked the caller, the calendar and the XML; the job reads the calendar again, as that caller,
// in the worker's own snapshot, and streams the 207 a chunk at a time. When the worker cannot run,
// the event loop runs the same job (with pauses between chunks).
import type { DavUser } from './auth.ts';
import { siteAccess } from './auth.ts';
import { DavError, asDavError } from './errors.ts';
import type { DavPath } from './paths.ts';
import { calendarScopeFor, propfind, type DavServices, type Depth } from './propfind.ts';
import { report } from './reports.ts';
import type { QName } from './xml.ts';
import { parseXml } from './xml.ts';
import { PROPERTY_XML, REPORT_XML } from './limits.ts';

export interface DavReadJob {
  kind: 'propfind' | 'report';
  user: DavUser;
  path: DavPath & { site: string };
  /**
   * The XML body ('' or empty when there is none). The server sends the bytes it received: a
   * REPORT body of up to 4 MiB is turned into text on the worker, not the event loop (issue 37:
   * hostile 4 MB bodies cost the event loop ~4 ms each to decode, and their text as much again to
   * copy across and to collect).
   */
  body: string | Uint8Array;
  depth: Depth;
  /** The origin event pages are named with (DavServices.pageOrigin, read on the event loop). */
  pageOrigin: string;
  /** Characters the answer may hold (default MAX_ANSWER_BYTES; tests make it small). */
  answerBudget?: number;
}

const utf8 = new TextDecoder();

/** The chunks of the job's 207 (or a DavError before the first). */
export function davRead(services: Pick<DavServices, 'store'>, job: DavReadJob): AsyncGenerator<string> {
  const withOrigin: DavServices = { store: services.store, pageOrigin: () => job.pageOrigin };
  const scopeOf = (code: string) => {
    const { site, actor } = siteAccess(services.store, job.user, code);
    return calendarScopeFor(withOrigin, job.user, site, actor);
  };
  const body = typeof job.body === 'string' ? job.body : utf8.decode(job.body);
  const root = body === '' ? undefined : parseXml(body, job.kind === 'report' ? REPORT_XML : PROPERTY_XML);
  if (job.kind === 'report') return report(services.store, job.user, scopeOf(job.path.site), root!, job.answerBudget);
  return propfind(withOrigin, job.user, job.path, root, job.depth, scopeOf, job.answerBudget);
}

/** A DavError as data, to cross from the worker to the event loop. */
export interface DavErrorData {
  status: number;
  message: string;
  condition?: QName;
  conditionContent: string;
  headers: Record<string, string>;
  /** What went wrong, for the log, when nobody foresaw it (a 500). */
  cause?: string;
}

export function davErrorData(error: unknown): DavErrorData {
  const dav = asDavError(error);
  const data: DavErrorData = {
    status: dav.status,
    message: dav.message,
    conditionContent: dav.conditionContent,
    headers: dav.headers,
  };
  if (dav.condition) data.condition = dav.condition;
  if (dav.status >= 500) data.cause = (error as Error)?.stack ?? String(error);
  return data;
}

export function davErrorOf(data: unknown): DavError {
  const { status, message, condition, conditionContent, headers, cause } = data as DavErrorData;
  const error = new DavError(status, message, condition, conditionContent, headers);
  if (cause) error.cause = cause;
  return error;
}
