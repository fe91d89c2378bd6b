// The mark of an event hidden from listings, wherever its editors see it (the calendar's views, the
// Events list, the card): hidden from the public lists is not hidden from them (issue 36). An icon
// named for screen readers ("Hidden from listings"), its name as the tooltip.
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';

export function HiddenMark({ size = 13 }: { size?: number }) {
  const t = useT();
  const label = t('events.hiddenMark');
  return (
    <span className="hidden-mark" role="img" aria-label={label} title={label}>
      <Icon name="eyeOff" size={size} />
    </span>
  );
}
