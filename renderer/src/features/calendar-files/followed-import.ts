// The import job this window started and whose outcome it has not shown yet, with the file it
// sent. The server's list of jobs (useImportJobs) says what runs; only this window knows the File
// the user chose — kept here, outside the dialog, so that a preview that ends while the user is on
// another screen can still go on to "Import" when the dialog comes back, without choosing the
// file again.
import { create } from 'zustand';

export interface FollowedImport {
  job: string;
  file: File;
}

interface FollowedImportState {
  followed: FollowedImport | undefined;
  follow(followed: FollowedImport): void;
  /** Its outcome was shown (or it was given up): nothing to come back to. */
  forget(job: string): void;
}

export const useFollowedImport = create<FollowedImportState>((set) => ({
  followed: undefined,
  follow: (followed) => set({ followed }),
  forget: (job) => set((state) => (state.followed?.job === job ? { followed: undefined } : state)),
}));
