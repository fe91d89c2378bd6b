// The mark of an occurrence of a repeating event, in every calendar view and on the card: an icon
// named for screen readers ("Repeating event").
import { MarkIcon } from '../../components/MarkIcon.tsx';
import { useT } from '../../i18n/index.tsx';

export function SeriesMark({ size = 13 }: { size?: number }) {
  const t = useT();
  return <MarkIcon icon="repeat" label={t('series.mark')} className="series-mark" size={size} />;
}
