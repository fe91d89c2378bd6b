// What an import creates besides events, and what it links to that the calendar has already: per
// kind (venues, organizers, categories, tags), the counts and each item, new or already yours (and
// what matched it: the same name and address, the same e-mail). Nothing when the file names none.
import type { ImportSummary } from '../../api/types.ts';
import { useT } from '../../i18n/index.tsx';

type Related = NonNullable<ImportSummary['related']>;
type Kind = keyof Related;

const KINDS: Kind[] = ['venues', 'organizers', 'categories', 'tags'];

export function RelatedPreview({ related }: { related: Related | undefined }) {
  const t = useT();
  if (!related) return null;
  const kinds = KINDS.filter((kind) => related[kind].created + related[kind].existing > 0);
  if (kinds.length === 0) return null;
  return (
    <section aria-labelledby="import-related">
      <h3 id="import-related">{t('files.related')}</h3>
      {kinds.map((kind) => {
        const group = related[kind];
        const more = group.created + group.existing - group.items.length;
        return (
          <div key={kind} className="import-related-group">
            <p className="import-related-counts">
              {t('files.relatedGroup', { kind, created: group.created, existing: group.existing })}
            </p>
            <ul className="import-notes import-related">
              {group.items.map((item, index) => (
                <li key={index}>
                  <strong>{item.name}</strong>{' '}
                  <span className={item.action === 'create' ? 'badge badge-new' : 'badge'}>
                    {item.action === 'create' ? t('files.relatedNew') : t('files.relatedExisting')}
                  </span>
                  {item.matched_by && <> {t('files.relatedMatched', { by: item.matched_by })}</>}
                  {item.file_name && <>, {t('files.relatedFileName', { name: item.file_name })}</>}
                  <span className="cell-note">
                    {[item.detail, t('files.relatedEvents', { count: item.events })].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
            {more > 0 && <p className="field-help">{t('files.relatedMore', { count: more })}</p>}
          </div>
        );
      })}
    </section>
  );
}
