// Import (editors and administrators: an import creates venues, terms, and updates others'
// events) and Export, side by side in a screen's toolbar. While an import runs in the background
// (its dialog closed), the dialog's own progress button stands where Import was — also after the
// user went to another screen and came back: the server's list of jobs (useImportJobs) is asked
// when the toolbar appears, and a job of this user still running (or the one this window started
// and has not shown the end of) is followed again, its progress and Cancel where they were.
import { lazy, Suspense, useState } from 'react';
import type { Query } from '../../api/client.ts';
import { useImportJobs } from '../../api/calendar-files.ts';
import type { ImportJob } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../i18n/index.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { useFollowedImport } from './followed-import.ts';
import type { AttachedJob } from './ImportDialog.tsx';

// Loaded when first opened: the calendar's first paint does not wait for the import dialog.
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));

/** The job to follow again: the one this window started, else the newest still running. */
function jobToAttach(jobs: ImportJob[], followed: string | undefined): ImportJob | undefined {
  return jobs.find((job) => job.id === followed) ?? jobs.find((job) => job.status === 'running');
}

export function FileActions({ canImport, query, fileName }: { canImport: boolean; query: Query; fileName: string }) {
  const t = useT();
  const [importing, setImporting] = useState(false);
  const [attach, setAttach] = useState<AttachedJob>();
  /** The list of jobs is looked at once, when it first arrives (a later job is this screen's own). */
  const [looked, setLooked] = useState(false);
  const jobs = useImportJobs(canImport && !looked).data;
  const followed = useFollowedImport((state) => state.followed);
  if (jobs && !looked) {
    // State adjusted while rendering (React's pattern for state derived from a prop or query).
    setLooked(true);
    const job = importing ? undefined : jobToAttach(jobs, followed?.job);
    if (job) {
      setAttach({ job, file: followed?.job === job.id ? followed.file : undefined });
      setImporting(true);
    }
  }
  const close = () => {
    setImporting(false);
    setAttach(undefined);
  };
  return (
    <>
      {canImport && !importing && (
        <Button icon="upload" onPress={() => setImporting(true)}>
          {t('files.import')}
        </Button>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={close} attach={attach} />
        </Suspense>
      )}
      <ExportMenu query={query} fileName={fileName} />
    </>
  );
}
