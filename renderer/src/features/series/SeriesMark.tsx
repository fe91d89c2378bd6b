// The mark of an occurrence of a repeating event, in every calendar view and on the card: an icon
// named for screen readers ("Repeating event").
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';

export function SeriesMark({ size = 13 }: { size?: number }) {
  const t = useT();
  const label = t('series.mark');
  return (
    <span className="series-mark" role="img" aria-label={label} title={label}>
      <Icon name="repeat" size={size} />
    </span>
  );
}
