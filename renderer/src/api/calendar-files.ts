// Calendar files (server/app-api/exchange): export a filter as .ics or .csv (downloaded through
// fetch, since the desktop's bearer token cannot ride on a plain link), the webcal:// address a
// calendar app subscribes to, and import — uploaded with XMLHttpRequest, the one browser API that
// reports upload progress, first as a preview (dry_run), then for real. Each upload starts an
// import job (almanac/v1/import-jobs) that the server runs on a worker thread: polled here for its
// progress until it ends, and cancelled with a DELETE (nothing is written). The list of the
// caller's jobs lets a screen opened again find the one still running (useImportJobs).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { authHeaders } from './auth.ts';
import { APP_NS, api, apiUrl, type Query } from './client.ts';
import { errorFromBody, NetworkError } from './errors.ts';
import { keys } from './keys.ts';
import { pollUntilEnded } from './poll-until-ended.ts';
import { currentSite, sitePath } from './site.ts';
import type { CsvColumns, ImportJob, ImportKind } from './types.ts';
import type { ImportJobList } from '../../../contract/app/import-job.ts';

export type { CsvColumns, ImportKind };

export type FileFormat = 'ics' | 'csv';

/** Downloads the export of `query` (GET /events parameters) as a file named after the site. */
export async function downloadExport(format: FileFormat, query: Query, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(APP_NS, 'export', { ...query, format }), {
      headers: authHeaders(),
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError((error as Error).message);
  }
  if (!response.ok) throw errorFromBody(response.status, await response.json().catch(() => undefined));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/[\\/:*?"<>|]+/g, '-') || 'calendar'}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The address calendar apps subscribe to: published events for anyone, or (`signedIn`) the
 * signed-in view, for which the app asks for a login and an API token (HTTP Basic).
 */
export function subscriptionUrl(signedIn: boolean, site = currentSite()): string {
  return `webcal://${window.location.host}${sitePath(site)}/events/?ical=1${signedIn ? '&private=1' : ''}`;
}

export const formatOfFile = (file: File): FileFormat =>
  /\.csv$/i.test(file.name) || file.type === 'text/csv' ? 'csv' : 'ics';

/** CSV only: what the rows are, and the columns mapped by hand (heading → field id). */
export interface CsvChoices {
  kind: ImportKind;
  mapping?: Record<string, string>;
}

/** Uploads `file` to almanac/v1/import-jobs and answers the job started; `onProgress` gets the fraction sent (0–1). */
export function startImportJob(
  file: File,
  options: { dryRun: boolean; csv?: CsvChoices; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<ImportJob> {
  const format = formatOfFile(file);
  const csv = format === 'csv' ? options.csv : undefined;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      apiUrl(APP_NS, 'import-jobs', {
        format,
        dry_run: options.dryRun,
        kind: csv?.kind,
        mapping: csv?.mapping ? JSON.stringify(csv.mapping) : undefined,
        // The server's list of jobs names it (a screen opened again shows whose progress it is).
        file_name: file.name.slice(0, 255),
      }),
    );
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', format === 'csv' ? 'text/csv' : 'text/calendar');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError('The file could not be sent.'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as ImportJob);
      else reject(errorFromBody(xhr.status, body));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** How often a running job's progress is asked for. */
const JOB_POLL_MS = 250;

function importJobQuery(site: string, id: string) {
  return {
    queryKey: keys.importJob(site, id),
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await api.get<ImportJob>(APP_NS, `import-jobs/${encodeURIComponent(id)}`, {}, signal)).data,
  };
}

/** A job's progress as last asked for by waitForImportJob (which does the asking). */
export function useImportJob(id: string | undefined) {
  return useQuery({
    ...importJobQuery(currentSite(), id ?? ''),
    enabled: id !== undefined,
    staleTime: Infinity,
    gcTime: 0, // progress is not data to keep
  });
}

/**
 * Asks for the job's progress until it ends (or `stillWanted` says the screen went away), keeping
 * the answer in the query cache for useImportJob; answers the job as it ended.
 */
export function waitForImportJob(
  client: QueryClient,
  id: string,
  stillWanted: () => boolean,
): Promise<ImportJob | undefined> {
  const query = importJobQuery(currentSite(), id);
  return pollUntilEnded(
    () => client.fetchQuery({ ...query, staleTime: 0 }),
    (job) => job.status !== 'running',
    stillWanted,
    JOB_POLL_MS,
  );
}

/**
 * The caller's jobs of this site, newest first (running, and ended in the last ten minutes): asked
 * for each time a screen with Import opens, never kept — a job found running is then followed by
 * waitForImportJob.
 */
export function useImportJobs(enabled: boolean) {
  const site = currentSite();
  return useQuery({
    queryKey: keys.importJobs(site),
    queryFn: async ({ signal }) => (await api.get<ImportJobList>(APP_NS, 'import-jobs', {}, signal)).data.jobs,
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Cancels a running job: its transaction is rolled back and nothing is written. */
export async function cancelImportJob(id: string): Promise<ImportJob> {
  return (await api.delete<ImportJob>(APP_NS, `import-jobs/${encodeURIComponent(id)}`)).data;
}
