// "Preparing search: 40 %" above the screen while the search index of a calendar from before it is
// built after an update (server/operations/search-index-upkeep.ts). Only when that takes more than
// a second: a small calendar's index is ready before anyone could read the notice. Searching works
// meanwhile, with the same results, only slower; the notice goes away by itself when it is done.
import { useEffect, useState } from 'react';
import { useSearchIndexProgress } from '../../api/search-index.ts';
import { useT } from '../../i18n/index.tsx';

const SHOW_AFTER_MS = 1_000;

export function SearchIndexNotice() {
  const t = useT();
  const progress = useSearchIndexProgress();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!waited || !progress.data || progress.data.ready) return null;
  return (
    <div className="banner" role="status">
      <p>{t('searchIndex.preparing', { percent: String(progress.data.percent) })}</p>
    </div>
  );
}
