// The navigation: one link per screen (accessible names: Calendar, Events, Venues, Organizers,
// Categories, Tags, Trash, Settings), the site switcher when the install has several sites, and who
// is signed in. A screen its visitor cannot use is not offered (issue 36): Trash to those who may
// not edit events, Settings to visitors not signed in (their account, tokens and sites are none).
import { formatHash, type Screen } from '../../routing/routes.ts';
import { useUi } from '../../state/ui-store.ts';
import { useT, type MessageId } from '../../i18n/index.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import type { Session } from '../../api/types.ts';
import { SiteSwitcher } from './SiteSwitcher.tsx';
import { AccountMenu } from '../session/AccountMenu.tsx';
import { canEdit } from '../session/permissions.ts';

/** Whether the session may use a screen of the navigation (the service refuses the rest anyway). */
const offered = (screen: Screen, session: Session) =>
  screen === 'trash' ? canEdit(session) : screen === 'settings' ? session.signed_in : true;

const ITEMS: [Screen, MessageId, IconName][] = [
  ['calendar', 'nav.calendar', 'calendar'],
  ['events', 'nav.events', 'list'],
  ['venues', 'nav.venues', 'pin'],
  ['organizers', 'nav.organizers', 'people'],
  ['categories', 'nav.categories', 'folder'],
  ['tags', 'nav.tags', 'tag'],
  ['trash', 'nav.trash', 'trash'],
  ['settings', 'nav.settings', 'settings'],
];

export function Navigation({ session }: { session: Session }) {
  const t = useT();
  const screen = useUi((state) => state.screen);
  return (
    <aside className="sidebar">
      <div className="brand">
        <img src="/_app/favicon.svg" alt="" width={28} height={28} />
        <span>{session.site.title}</span>
      </div>
      <SiteSwitcher current={session.site.code} />
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {ITEMS.filter(([target]) => offered(target, session)).map(([target, label, icon]) => (
            <li key={target}>
              <a className="nav-link" href={formatHash(target)} aria-current={screen === target ? 'page' : undefined}>
                <Icon name={icon} />
                <span>{t(label)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        <a
          className="nav-link nav-link-small"
          href={formatHash('api')}
          aria-current={screen === 'api' ? 'page' : undefined}
        >
          <Icon name="book" />
          <span>{t('nav.apiDocs')}</span>
        </a>
        <AccountMenu session={session} />
      </div>
    </aside>
  );
}
