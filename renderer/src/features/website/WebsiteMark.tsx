// "Not on the website": in the event editor, beside a field The Events Calendar cannot hold
// (translations, the currency code, a symbol after the amount, a series' rule, a password), while
// the site is connected to a website. The service says which apply to this event
// (GET …/website/events/{id}); those stay in Almanac only.
import { useSession } from '../../api/session.ts';
import { Icon } from '../../components/Icon.tsx';
import { useT } from '../../i18n/index.tsx';
import { useWebsiteEvent, useWebsiteState, type WebsiteNotOnWebsite } from './use-website.ts';
import { websiteRole } from './WebsiteSection.tsx';

/** What of this saved event stays off the website ([] when the site is not connected). */
function useNotOnWebsite(eventId: number | null): WebsiteNotOnWebsite[] {
  const session = useSession().data;
  const allowed = Boolean(session && websiteRole(session) && eventId !== null);
  const state = useWebsiteState(allowed);
  const event = useWebsiteEvent(eventId, allowed && state.data?.connected === true);
  return state.data?.connected ? (event.data?.not_on_website ?? []) : [];
}

export function WebsiteMark({ eventId, marks }: { eventId: number | null; marks: WebsiteNotOnWebsite[] }) {
  const t = useT();
  const shown = useNotOnWebsite(eventId).filter((mark) => marks.includes(mark));
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((mark) => (
        <p key={mark} className="website-mark">
          <Icon name="alert" size={14} />
          <span>
            <strong>{t('website.notOnWebsite')}</strong> {t(`website.mark.${mark}`)}
          </span>
        </p>
      ))}
    </>
  );
}
