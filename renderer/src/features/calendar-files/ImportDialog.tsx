// Import: choose or drop an .ics or .csv file; it is uploaded (progress shown) and checked
// without writing anything (dry_run), and the preview says what would be created, updated and
// skipped and why; "Import" then writes it all in one transaction. Nothing is written until then.
// Both run as import jobs on the server (a worker thread): their progress is shown in words and
// as a bar, the rest of the app keeps answering meanwhile, and Cancel stops a job with nothing
// written. A job outlives the screen it was started from: FileActions finds it in the server's
// list of jobs when a screen with Import opens again and hands it here (`attach`), which follows
// it from where it is — in the toolbar while it runs, its outcome in the dialog once it ends.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DropZone, FileTrigger, ProgressBar, type DropZoneProps } from 'react-aria-components';
import {
  cancelImportJob,
  formatOfFile,
  startImportJob,
  useImportJob,
  waitForImportJob,
  type CsvChoices,
  type CsvColumns,
} from '../../api/calendar-files.ts';
import { ApiError, errorFromBody } from '../../api/errors.ts';
import type { ImportJob, ImportSummary } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ErrorMessage } from '../../components/States.tsx';
import { useT } from '../../i18n/index.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { CsvChoicesForm } from './CsvChoicesForm.tsx';
import { useFollowedImport } from './followed-import.ts';

/** The columns a refused spreadsheet came back with (almanac_invalid_file, data.columns). */
function refusedColumns(error: unknown): CsvColumns | undefined {
  return error instanceof ApiError ? (error.data.columns as CsvColumns | undefined) : undefined;
}

/**
 * The file a job reads: its name, and the File itself when this window chose it (a job found in
 * the server's list after a reload has only its name).
 */
interface Source {
  name: string;
  file?: File;
}

type Phase =
  | { step: 'choose'; error?: unknown; cancelled?: boolean }
  /** A spreadsheet whose columns the server could not place: the mapping is asked for. */
  | { step: 'mapping'; file: File; columns: CsvColumns; error: unknown }
  /** Uploading, then the server's job (`job`, once started) reads and checks (or writes) it. */
  | { step: 'checking' | 'importing'; source: Source; job?: string; cancelling?: boolean }
  | { step: 'preview'; source: Source; summary: ImportSummary }
  | { step: 'done'; summary: ImportSummary };

/** A job of the server's list to follow (ImportDialog's `attach`), with its File when this window sent it. */
export interface AttachedJob {
  job: ImportJob;
  file?: File;
}

/** What the dialog shows of a job that has ended: its preview, what was imported, or why not. */
function endedPhase(source: Source, job: ImportJob): Phase {
  if (job.status === 'done' && job.summary)
    return job.dry_run ? { step: 'preview', source, summary: job.summary } : { step: 'done', summary: job.summary };
  if (job.status === 'cancelled') return { step: 'choose', cancelled: true };
  const error = errorFromBody(Number(job.error?.data.status ?? 500), job.error);
  const columns = source.file && formatOfFile(source.file) === 'csv' ? refusedColumns(error) : undefined;
  return columns && source.file ? { step: 'mapping', file: source.file, columns, error } : { step: 'choose', error };
}

/** A job of the list, as a running one: followed from here on (one that has ended shows its outcome at the first answer). */
function attachedPhase({ job, file }: AttachedJob): Phase {
  const source = { name: job.file_name, file };
  return { step: job.dry_run ? 'checking' : 'importing', source, job: job.id };
}

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];

const ACCEPTED = ['.ics', '.ical', '.ifb', '.csv', 'text/calendar', 'text/csv'];

export default function ImportDialog({ onClose, attach }: { onClose(): void; attach?: AttachedJob }) {
  const t = useT();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>(() => (attach ? attachedPhase(attach) : { step: 'choose' }));
  const [progress, setProgress] = useState(0);
  const [csv, setCsv] = useState<CsvChoices>({ kind: 'events' });
  const abort = useRef<AbortController | null>(null);
  /** The dialog closed while its job runs on: the toolbar shows the progress instead (as when the job is found again). */
  const [hidden, setHidden] = useState(attach !== undefined);
  const { follow, forget } = useFollowedImport();
  /** False once the dialog is gone: its job's progress is no longer asked for. */
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const running = phase.step === 'checking' || phase.step === 'importing' ? phase : undefined;
  const job = useImportJob(running?.job).data;

  /** The job ended: its summary (a preview, or what was imported), its error, or its cancel. */
  const ended = (source: Source, job: ImportJob) => {
    forget(job.id);
    setHidden(false); // the outcome is shown, also when the job ran in the background
    setPhase(endedPhase(source, job));
    if (job.status === 'done' && !job.dry_run) void client.invalidateQueries(); // every list and view may have changed
  };
  /** Follows a started job until it ends (or the dialog goes away: a screen opened again finds it). */
  const followJob = (source: Source, id: string) =>
    waitForImportJob(client, id, () => open.current).then((job) => {
      if (job) ended(source, job);
    });
  // A job handed over from the server's list: followed from where it stands.
  useEffect(() => {
    if (!attach) return;
    followJob({ name: attach.job.file_name, file: attach.file }, attach.job.id).catch((error: unknown) =>
      setPhase({ step: 'choose', error }),
    );
    // Once, for the job the dialog was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = (file: File, dryRun: boolean, choices: CsvChoices = csv) => {
    abort.current = new AbortController();
    setCsv(choices);
    setProgress(0);
    const source = { name: file.name, file };
    setPhase({ step: dryRun ? 'checking' : 'importing', source });
    startImportJob(file, { dryRun, csv: choices, onProgress: setProgress, signal: abort.current.signal })
      .then(async (started) => {
        follow({ job: started.id, file });
        setPhase((current) =>
          current.step === 'checking' || current.step === 'importing' ? { ...current, job: started.id } : current,
        );
        await followJob(source, started.id);
      })
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return setPhase({ step: 'choose', cancelled: true });
        const columns = formatOfFile(file) === 'csv' ? refusedColumns(error) : undefined;
        setPhase(columns ? { step: 'mapping', file, columns, error } : { step: 'choose', error });
      });
  };
  const check = (file: File, choices: CsvChoices = csv) => start(file, true, choices);

  const cancel = () => {
    if (!running) return;
    if (!running.job) return abort.current?.abort(); // still uploading: nothing reached the server
    setPhase({ ...running, cancelling: true });
    cancelImportJob(running.job).catch(() => {
      // It ended first (done or failed): the next poll shows how.
    });
  };
  const onDrop = async (event: DropEvent) => {
    for (const item of event.items) {
      if (item.kind === 'file') return check(await item.getFile());
    }
  };
  const close = () => {
    // A job runs on the server: closing puts it in the background (the toolbar shows its progress
    // and brings the dialog back); Cancel stops it.
    if (running) return setHidden(true);
    abort.current?.abort();
    onClose();
  };
  const progressOf = (step: NonNullable<typeof running>) => {
    const name = step.source.name || t('files.theFile');
    if (step.job && job?.id === step.job) return jobProgress(job, name, t);
    // A job found in the server's list: how it stood then, until its progress is asked for.
    if (step.job && attach?.job.id === step.job) return jobProgress(attach.job, name, t);
    return { label: t('files.uploading', { name }), value: progress };
  };

  if (hidden && running)
    return (
      <Button icon="upload" onPress={() => setHidden(false)}>
        {progressOf(running).label}
      </Button>
    );

  const footer =
    phase.step === 'preview' ? (
      <>
        <Button onPress={close}>{t('common.cancel')}</Button>
        {phase.source.file ? (
          <Button
            variant="primary"
            isDisabled={phase.summary.created + phase.summary.updated === 0}
            onPress={() => start(phase.source.file!, false)}
          >
            {t(phase.summary.kind === 'events' ? 'files.importCount' : 'files.importCountLinked', {
              count: phase.summary.created + phase.summary.updated,
            })}
          </Button>
        ) : (
          // A preview this window did not send (found after a reload): the browser no longer has
          // its file, so it is chosen again (and checked again) before it can be imported.
          <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => files?.[0] && check(files[0])}>
            <Button variant="primary">
              {t('files.chooseAgain', { name: phase.source.name || t('files.theFile') })}
            </Button>
          </FileTrigger>
        )}
      </>
    ) : phase.step === 'done' ? (
      <Button variant="primary" onPress={close}>
        {t('tokens.done')}
      </Button>
    ) : running ? (
      <Button onPress={cancel} isDisabled={running.cancelling === true}>
        {running.cancelling
          ? t('files.cancelling')
          : t(running.step === 'importing' ? 'files.cancelImport' : 'common.cancel')}
      </Button>
    ) : (
      <Button onPress={close}>{t('common.cancel')}</Button>
    );

  return (
    <Dialog title={t('files.importTitle')} isOpen onClose={close} footer={footer} size="large">
      {phase.step === 'choose' && (
        <>
          {phase.error !== undefined && <ErrorMessage error={phase.error} titleId="files.importFailed" />}
          {phase.cancelled && (
            <p role="status" className="import-cancelled">
              {t('files.cancelled')}
            </p>
          )}
          <DropZone className="drop-zone" onDrop={(event) => void onDrop(event)} aria-label={t('files.dropLabel')}>
            <Icon name="upload" size={32} />
            <p>{t('files.dropHere')}</p>
            <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => files?.[0] && check(files[0])}>
              <Button variant="primary">{t('files.chooseFile')}</Button>
            </FileTrigger>
            <p className="field-help">{t('files.importHelp')}</p>
          </DropZone>
        </>
      )}
      {running && <Progress {...progressOf(running)} />}
      {phase.step === 'mapping' && (
        <>
          <ErrorMessage error={phase.error} titleId="files.importFailed" />
          <CsvChoicesForm columns={phase.columns} choices={csv} onApply={(choices) => check(phase.file, choices)} />
        </>
      )}
      {phase.step === 'preview' && (
        <>
          <ImportPreview summary={phase.summary} fileName={phase.source.name || t('files.theFile')} />
          {phase.summary.columns && phase.source.file && (
            <CsvChoicesForm
              columns={phase.summary.columns}
              choices={csv}
              onApply={(choices) => check(phase.source.file!, choices)}
            />
          )}
        </>
      )}
      {phase.step === 'done' && (
        <p role="status" className="import-done">
          <Icon name="check" />
          {t(phase.summary.kind === 'events' ? 'files.imported' : 'files.importedLinked', {
            created: phase.summary.created,
            updated: phase.summary.updated,
          })}
        </p>
      )}
    </Dialog>
  );
}

/**
 * The words and fraction of a job's phase: reading the file, then its entries one by one — said as
 * entries of the file, since the Import button counts the events they make (a repeating event is
 * one entry and all its occurrences).
 */
function jobProgress(
  job: ImportJob,
  name: string,
  t: ReturnType<typeof useT>,
): { label: string; value: number | undefined } {
  const fraction = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 0);
  switch (job.phase) {
    case 'waiting':
      return { label: t('files.jobWaiting'), value: undefined };
    case 'starting':
      return { label: t('files.jobStarting', { name }), value: undefined };
    case 'reading':
      return {
        label: t('files.jobReading', { name, percent: Math.floor(fraction(job.bytes_read, job.bytes_total) * 100) }),
        value: fraction(job.bytes_read, job.bytes_total),
      };
    case 'planning':
    case 'writing':
      return {
        // A share, not a count: the entries of the file it walks (a series, a single event) are
        // neither the events the preview promised nor the file's VEVENTs (issue 36: "Import 1,685
        // events", then "entry 0 of 627").
        label: t(job.phase === 'planning' ? 'files.jobPlanning' : 'files.jobWriting', {
          percent: Math.floor(fraction(job.events_planned, job.events_total) * 100),
        }),
        value: fraction(job.events_planned, job.events_total),
      };
    default:
      return { label: t('files.jobFinishing'), value: undefined };
  }
}

/** Determinate while uploading, reading and checking or writing; indeterminate in between. */
function Progress({ label, value }: { label: string; value: number | undefined }) {
  return (
    <ProgressBar
      className="progress"
      aria-label={label}
      value={value === undefined ? undefined : Math.round(value * 100)}
      isIndeterminate={value === undefined}
    >
      {({ percentage }) => (
        <>
          <span className="progress-label">{label}</span>
          <div className="progress-track">
            <div
              className={`progress-fill${value === undefined ? ' is-indeterminate' : ''}`}
              style={value === undefined ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
