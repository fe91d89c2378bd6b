// Which time zone the calendar's times are in, said where sighted users see it (issue 36: it was
// only in a heading for screen readers), and a hint when the computer's own zone keeps another
// clock ("New York time · your computer: Berlin time"): the times shown are the site's, not
// the ones on the computer's clock.
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';
import { computerZone, sameClock, zonePlace } from './zones.ts';

export function ZoneNote({ zone, display }: { zone: string; display: 'site' | 'event' }) {
  const t = useT();
  const computer = computerZone();
  if (display === 'event')
    return (
      <p className="zone-note">
        <Icon name="clock" size={14} />
        <span>{t('calendar.zoneEach')}</span>
      </p>
    );
  const differs = computer !== undefined && !sameClock(zone, computer);
  return (
    <p className={`zone-note${differs ? ' is-different' : ''}`} title={zone}>
      <Icon name="clock" size={14} />
      <span>{t('calendar.zoneShown', { place: zonePlace(zone) })}</span>
      {differs && <span>{t('calendar.zoneComputer', { place: zonePlace(computer) })}</span>}
    </p>
  );
}
