// The mark of an event hidden from listings, wherever its editors see it (the calendar's views, the
// Events list, the card): hidden from the public lists is not hidden from them (issue 36). An icon
// named for screen readers ("Hidden from listings").
import { MarkIcon } from '../../components/MarkIcon.tsx';
import { useT } from '../../i18n/index.tsx';

export function HiddenMark({ size = 13 }: { size?: number }) {
  const t = useT();
  return <MarkIcon icon="eyeOff" label={t('events.hiddenMark')} className="hidden-mark" size={size} />;
}
