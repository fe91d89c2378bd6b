// The "keep mine / take theirs" comparison: one row per contested field, yours beside theirs. The
// editor's 412 dialog (features/events/editor/ConflictDialog.tsx) and the website sync's
// conflicts (features/website/) show a conflict with it, in the same words.
import { useT } from '../i18n/index.tsx';

export interface ConflictRow {
  key: string;
  label: string;
  mine: string;
  theirs: string;
}

export function ConflictTable({ rows, caption }: { rows: ConflictRow[]; caption?: string }) {
  const t = useT();
  return (
    <table className="conflict-table">
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{t('conflict.field')}</th>
          <th scope="col">{t('conflict.mine')}</th>
          <th scope="col">{t('conflict.theirs')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.mine}</td>
            <td>{row.theirs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
