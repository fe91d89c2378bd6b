// Who is asking: WordPress application passwords over HTTP Basic, and what each role may do with TEC's
// post types (the capabilities TEC gives each role, and WordPress's map_meta_cap rules for one post).
import type { AnyPost, Role, SiteStore, SiteUser } from './store.ts';
import { WpError } from './http.ts';

const TYPES = ['tribe_events', 'tribe_venues', 'tribe_organizers'] as const;

function capsOf(prefixes: string[], types: readonly string[]): string[] {
  return types.flatMap((type) => prefixes.map((prefix) => `${prefix}_${type}`));
}

const ALL_POST_CAPS = [
  'edit',
  'edit_others',
  'edit_published',
  'edit_private',
  'publish',
  'delete',
  'delete_others',
  'delete_published',
  'delete_private',
  'read_private',
];

/** Role → capabilities (WordPress's own, plus those TEC adds for its three post types). */
export const ROLE_CAPS: Record<Role, string[]> = {
  administrator: [
    'read',
    'upload_files',
    'unfiltered_html',
    'manage_categories',
    'manage_options',
    'edit_posts',
    'edit_others_posts',
    'publish_posts',
    'edit_published_posts',
    'delete_posts',
    'list_users',
    'edit_users',
    ...capsOf(ALL_POST_CAPS, TYPES),
  ],
  editor: [
    'read',
    'upload_files',
    'unfiltered_html',
    'manage_categories',
    'edit_posts',
    'edit_others_posts',
    'publish_posts',
    'edit_published_posts',
    'delete_posts',
    ...capsOf(ALL_POST_CAPS, TYPES),
  ],
  author: [
    'read',
    'upload_files',
    'edit_posts',
    'publish_posts',
    'edit_published_posts',
    'delete_posts',
    ...capsOf(['edit', 'edit_published', 'publish', 'delete', 'delete_published'], TYPES),
  ],
  contributor: ['read', 'edit_posts', 'delete_posts', ...capsOf(['edit', 'delete'], TYPES)],
  subscriber: ['read'],
};

export function can(user: SiteUser | null, cap: string): boolean {
  return user !== null && ROLE_CAPS[user.role].includes(cap);
}

function plural(post: AnyPost): string {
  return post.type === 'tribe_events'
    ? 'tribe_events'
    : post.type === 'tribe_venue'
      ? 'tribe_venues'
      : post.type === 'tribe_organizer'
        ? 'tribe_organizers'
        : 'posts';
}

/** WordPress's map_meta_cap for `edit_post`, `delete_post` and `read_post` on one post. */
export function canOnPost(user: SiteUser | null, action: 'edit' | 'delete' | 'read', post: AnyPost): boolean {
  if (!user) return action === 'read' && post.status === 'publish';
  const type = plural(post);
  const own = post.author === user.id;
  // A trashed post is judged by the status it had before (`_wp_trash_meta_status`).
  const status = post.status === 'trash' ? (post.statusBeforeTrash ?? 'draft') : post.status;
  if (action === 'read') {
    if (status === 'publish') return true;
    if (status === 'private') return own || can(user, `read_private_${type}`);
    return own ? can(user, `edit_${type}`) : can(user, `edit_others_${type}`);
  }
  const needed: string[] = [];
  if (own) {
    needed.push(status === 'publish' || status === 'future' ? `${action}_published_${type}` : `${action}_${type}`);
  } else {
    needed.push(`${action}_others_${type}`);
    if (status === 'publish' || status === 'future') needed.push(`${action}_published_${type}`);
    else if (status === 'private') needed.push(`${action}_private_${type}`);
  }
  return needed.every((cap) => can(user, cap));
}

export interface Caller {
  user: SiteUser | null;
  /** How the credentials ended up: ignored (HTTP on a non-local site), used, or none sent. */
  credentials: 'none' | 'used' | 'ignored';
}

/** WordPress allows application passwords only over HTTPS or on a site whose environment is `local`. */
export function applicationPasswordsAvailable(store: SiteStore): boolean {
  return store.settings.environment === 'local';
}

/**
 * Reads `Authorization: Basic`. Over plain HTTP on a non-local site WordPress does not even look at the
 * header (the request goes on as an anonymous visitor). Otherwise an unknown user or a wrong password is
 * a 401 — on reads too.
 */
export function authenticate(store: SiteStore, header: string | undefined): Caller {
  if (!header || !/^basic\s/i.test(header)) return { user: null, credentials: 'none' };
  if (!applicationPasswordsAvailable(store)) return { user: null, credentials: 'ignored' };
  const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const login = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  const user = store.userByLogin(login);
  if (!user) {
    throw login.includes('@')
      ? new WpError(401, 'invalid_email', 'Unknown email address. Check again or try your username.')
      : new WpError(401, 'invalid_username', 'Unknown username. Check again or try your email address.');
  }
  const normalized = password.replace(/[^a-z\d]/gi, '');
  if (!user.appPasswords.some((p) => p.password === normalized)) {
    throw new WpError(401, 'incorrect_password', 'The provided password is an invalid application password.');
  }
  return { user, credentials: 'used' };
}

/** `rest_forbidden`: 401 for an anonymous caller, 403 for a signed-in one. */
export function forbidden(caller: Caller, message = 'Sorry, you are not allowed to do that.'): WpError {
  return new WpError(caller.user ? 403 : 401, 'rest_forbidden', message);
}
