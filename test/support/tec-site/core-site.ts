// The site's self-description and the signed-in user: `GET /wp-json/` (name, zone, namespaces, and the
// application-passwords authorization endpoint — only when application passwords are available), the
// namespace indexes, and `GET /wp/v2/users/me` (401 `rest_not_logged_in` for an anonymous caller).
import { applicationPasswordsAvailable, ROLE_CAPS } from './auth.ts';
import { listParam, ok, str, type Router, WpError } from './http.ts';
import { pickFields } from './core-json.ts';
import type { SiteStore, SiteUser } from './store.ts';

const NAMESPACES = [
  'oembed/1.0',
  'tribe/event-aggregator/v1',
  'tribe/events/v1',
  'tec/v1',
  'wp/v2',
  'wp-site-health/v1',
  'wp-block-editor/v1',
];

/** get_option('gmt_offset'): computed (a number) when the site has a zone name, the stored string otherwise. */
function gmtOffset(store: SiteStore): number | string {
  if (!store.settings.timezoneString) return String(store.settings.gmtOffset);
  return store.clock().setZone(store.siteZone).offset / 60;
}

function routesOf(router: Router, prefix: string): Record<string, unknown> {
  const routes: Record<string, unknown> = {};
  for (const route of router.routes) {
    const path = route.pattern.source
      .replace(/^\^|\$$/g, '')
      .replace(/\(\\d\+\)/g, '(?P<id>[\\d]+)')
      .replace(/\(\[\^\/\]\+\)/g, '(?P<slug>[^/]+)');
    if (!path.startsWith(prefix)) continue;
    const entry = (routes[path] ??= { namespace: prefix.slice(1) || '', methods: [], endpoints: [] }) as {
      methods: string[];
      endpoints: unknown[];
    };
    entry.methods.push(...route.methods);
    entry.endpoints.push({ methods: route.methods, args: {} });
  }
  return routes;
}

export function userJson(store: SiteStore, user: SiteUser, edit: boolean): Record<string, unknown> {
  const json: Record<string, unknown> = { id: user.id };
  if (edit) json.username = user.login;
  Object.assign(json, {
    name: user.displayName,
    url: '',
    description: '',
    link: `${store.url}/author/${user.login}/`,
    slug: user.login,
    avatar_urls: {},
  });
  if (edit) {
    Object.assign(json, {
      first_name: '',
      last_name: '',
      email: user.email,
      locale: 'en_US',
      nickname: user.login,
      roles: [user.role],
      registered_date: '2026-01-01T00:00:00+00:00',
      capabilities: Object.fromEntries([...ROLE_CAPS[user.role], user.role].map((cap) => [cap, true])),
      extra_capabilities: { [user.role]: true },
    });
  }
  json.meta = { persisted_preferences: [] };
  json._links = {
    self: [{ href: `${store.url}/wp-json/wp/v2/users/${user.id}` }],
    collection: [{ href: `${store.url}/wp-json/wp/v2/users` }],
  };
  return json;
}

export function registerCoreSite(router: Router, store: SiteStore): void {
  router.add('/?', ['GET'], ({ params }) => {
    const index: Record<string, unknown> = {
      name: store.settings.name,
      description: 'Just another WordPress site',
      url: store.url,
      home: store.url,
      gmt_offset: gmtOffset(store),
      timezone_string: store.settings.timezoneString,
      page_for_posts: 0,
      page_on_front: 0,
      show_on_front: 'posts',
      namespaces: NAMESPACES,
      authentication: {} as Record<string, unknown>,
      routes: routesOf(router, '/'),
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    };
    if (applicationPasswordsAvailable(store)) {
      index.authentication = {
        'application-passwords': { endpoints: { authorization: `${store.url}/wp-admin/authorize-application.php` } },
      };
    } else {
      index.authentication = [];
    }
    // rest_filter_response_fields() filters every answer, the index too.
    return ok(params._fields === undefined ? index : pickFields(index, listParam(params._fields)));
  });

  for (const namespace of ['tribe/events/v1', 'wp/v2']) {
    router.add(`/${namespace}`, ['GET'], () =>
      ok({ namespace, routes: routesOf(router, `/${namespace}`), _links: { up: [{ href: `${store.url}/wp-json/` }] } }),
    );
  }

  router.add('/wp/v2/users/me', ['GET'], ({ params, caller }) => {
    if (!caller.user) throw new WpError(401, 'rest_not_logged_in', 'You are not currently logged in.');
    return ok(userJson(store, caller.user, str(params.context) === 'edit'));
  });
}
