// Backups (server/app-api/backups): the list with dates and sizes, and "Back up now". Restoring is
// the desktop app's (it restarts into the backup: desktopBridge().restoreBackup) or the CLI's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_NS, api } from './client.ts';
import { keys } from './keys.ts';
import type { Backup, BackupList } from './types.ts';

export function useBackups(enabled: boolean) {
  return useQuery({
    queryKey: keys.backups(),
    queryFn: async ({ signal }) => (await api.get<BackupList>(APP_NS, 'backups', {}, signal)).data,
    enabled,
  });
}

export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<Backup>(APP_NS, 'backups', {})).data,
    // A failed backup is kept as the last failure (Settings → Backups, the window's notice).
    onSettled: () =>
      Promise.all([keys.backups(), keys.health()].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
