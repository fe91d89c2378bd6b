// The website's database, in memory and raw (as WordPress stores it, before any rendering): posts of four
// types sharing one ID sequence (events, venues, organizers, attachments), terms of two taxonomies sharing
// another, users with their application passwords, and the site's clock and settings.
import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import { mysql, zoneFor } from './time.ts';

export type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';
export type PostStatus = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';

export interface PostBase {
  id: number;
  author: number;
  status: PostStatus;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  /** Publication date: site-local and UTC `Y-m-d H:i:s`. */
  date: string;
  dateGmt: string;
  /** `post_modified` (site-local, what core's `modified_after` compares with) and `post_modified_gmt`. */
  modified: string;
  modifiedGmt: string;
  password: string;
  thumbnailId: number | null;
  /** `_wp_trash_meta_status`: the status before trashing, restored by an untrash. */
  statusBeforeTrash: PostStatus | null;
}

export interface RawEvent extends PostBase {
  type: 'tribe_events';
  allDay: boolean;
  /** `_EventStartDate` / `_EventEndDate`: wall clock in the event's zone. */
  startDate: string;
  endDate: string;
  utcStartDate: string;
  utcEndDate: string;
  timezone: string;
  timezoneAbbr: string;
  /** `_EventCost` as written ('' when none) and the symbol/position guessed from it. */
  cost: string;
  currencySymbol: string;
  currencyPosition: string;
  currencyCode: string;
  /** `_EventURL`; null when the meta does not exist (v1 then shows the permalink). */
  website: string | null;
  showMap: boolean;
  showMapLink: boolean;
  hideFromListings: boolean;
  /** `menu_order == -1`. */
  sticky: boolean;
  featured: boolean;
  venueIds: number[];
  organizerIds: number[];
  categoryIds: number[];
  tagIds: number[];
  /** `post_parent` (a series' children with Events Calendar Pro). */
  parent: number;
  /** TEC's "additional fields": read-only through v1, kept by every update. */
  customFields: Record<string, { label: string; value: string }>;
}

export interface RawVenue extends PostBase {
  type: 'tribe_venue';
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  stateprovince: string;
  showMap: boolean;
  showMapLink: boolean;
}

export interface RawOrganizer extends PostBase {
  type: 'tribe_organizer';
  phone: string;
  website: string;
  email: string;
}

export interface RawMedia extends PostBase {
  type: 'attachment';
  mimeType: string;
  file: string;
  width: number;
  height: number;
  bytes: Buffer;
  /** Where the bytes came from when TEC downloaded them for an `image` URL. */
  sourceUrl: string | null;
}

export interface RawTerm {
  id: number;
  taxonomy: 'tribe_events_cat' | 'post_tag';
  /** Stored escaped, as WordPress saves term names (`Music &amp; Jazz`). */
  name: string;
  slug: string;
  description: string;
  parent: number;
}

export interface SiteUser {
  id: number;
  login: string;
  email: string;
  displayName: string;
  role: Role;
  /** Application passwords, spaces removed (WordPress ignores everything but letters and digits). */
  appPasswords: { uuid: string; name: string; password: string; appId: string }[];
  /** The account password, for WordPress's own sign-in page (the authorize-application flow). */
  password: string;
}

export type AnyPost = RawEvent | RawVenue | RawOrganizer | RawMedia;

export interface SiteSettings {
  environment: 'local' | 'production';
  timezoneString: string;
  gmtOffset: number;
  /** TEC's `defaultCurrencySymbol`. */
  defaultCurrencySymbol: string;
  name: string;
}

export interface BlogPost {
  id: number;
  title: string;
  status: 'publish' | 'future' | 'draft' | 'pending' | 'private';
  tagIds: number[];
}

export class SiteStore {
  readonly posts = new Map<number, AnyPost>();
  readonly terms = new Map<number, RawTerm>();
  readonly users: SiteUser[] = [];
  /**
   * Blog posts (WordPress's own `post` type, outside TEC): only what matters to a calendar partner —
   * they carry the site-wide tags (tag counts; `/wp/v2/posts?tags=`: blog-posts.ts).
   */
  readonly blogPosts = new Map<number, BlogPost>();
  /** The site's address (`http://127.0.0.1:PORT`), set once the server listens. */
  url = '';
  private nextPostId = 10;
  private nextTermId = 2;

  constructor(
    readonly settings: SiteSettings,
    readonly now: () => Date,
  ) {}

  /**
   * The site's zone, from its settings as they are now (Settings → General may change them: WordPress
   * then writes later `post_modified` values in the new zone and leaves the stored ones as they were).
   */
  get siteZone(): Zone {
    return this.settings.timezoneString
      ? (zoneFor(this.settings.timezoneString) ?? FixedOffsetZone.utcInstance)
      : FixedOffsetZone.instance(Math.round(this.settings.gmtOffset * 60));
  }

  /** The site's clock at WordPress's resolution: whole seconds. */
  clock(): DateTime {
    return DateTime.fromJSDate(this.now()).set({ millisecond: 0 });
  }

  nowLocal(): string {
    return mysql(this.clock().setZone(this.siteZone));
  }

  nowGmt(): string {
    return mysql(this.clock().setZone('UTC'));
  }

  /** TEC's wp_timezone_string(): the zone name, or `UTC±N` from gmt_offset when the site has none. */
  siteTimezoneName(): string {
    if (this.settings.timezoneString) return this.settings.timezoneString;
    const offset = this.settings.gmtOffset;
    return offset === 0 ? 'UTC+0' : offset < 0 ? `UTC${offset}` : `UTC+${offset}`;
  }

  newPostId(): number {
    return this.nextPostId++;
  }

  newTermId(): number {
    return this.nextTermId++;
  }

  /** Moves `post_modified` to now, as every WordPress save does. */
  touch(post: PostBase): void {
    post.modified = this.nowLocal();
    post.modifiedGmt = this.nowGmt();
  }

  events(): RawEvent[] {
    return [...this.posts.values()].filter((p): p is RawEvent => p.type === 'tribe_events');
  }

  venues(): RawVenue[] {
    return [...this.posts.values()].filter((p): p is RawVenue => p.type === 'tribe_venue');
  }

  organizers(): RawOrganizer[] {
    return [...this.posts.values()].filter((p): p is RawOrganizer => p.type === 'tribe_organizer');
  }

  event(id: number): RawEvent | undefined {
    const post = this.posts.get(id);
    return post?.type === 'tribe_events' ? post : undefined;
  }

  venue(id: number): RawVenue | undefined {
    const post = this.posts.get(id);
    return post?.type === 'tribe_venue' ? post : undefined;
  }

  organizer(id: number): RawOrganizer | undefined {
    const post = this.posts.get(id);
    return post?.type === 'tribe_organizer' ? post : undefined;
  }

  media(id: number): RawMedia | undefined {
    const post = this.posts.get(id);
    return post?.type === 'attachment' ? post : undefined;
  }

  termsOf(taxonomy: RawTerm['taxonomy']): RawTerm[] {
    return [...this.terms.values()].filter((t) => t.taxonomy === taxonomy);
  }

  /** Published blog posts per tag (a tag's count counts them too). */
  get blogPostTagUses(): Map<number, number> {
    const uses = new Map<number, number>();
    for (const post of this.blogPosts.values())
      if (post.status === 'publish') for (const id of post.tagIds) uses.set(id, (uses.get(id) ?? 0) + 1);
    return uses;
  }

  /** A term deleted for good: every post (events and blog posts) loses it; its children move up. */
  forgetTerm(term: RawTerm): void {
    this.terms.delete(term.id);
    for (const event of this.events()) {
      event.categoryIds = event.categoryIds.filter((id) => id !== term.id);
      event.tagIds = event.tagIds.filter((id) => id !== term.id);
    }
    for (const post of this.blogPosts.values()) post.tagIds = post.tagIds.filter((id) => id !== term.id);
    for (const child of this.terms.values()) if (child.parent === term.id) child.parent = term.parent;
  }

  /** `count`: published posts using the term (for tags: blog posts too — tags are site-wide). */
  termCount(term: RawTerm): number {
    const key = term.taxonomy === 'tribe_events_cat' ? 'categoryIds' : 'tagIds';
    let count = term.taxonomy === 'post_tag' ? (this.blogPostTagUses.get(term.id) ?? 0) : 0;
    // Every event JSON embeds its terms with their counts: loop without building arrays.
    for (const post of this.posts.values()) {
      if (post.type === 'tribe_events' && post.status === 'publish' && post[key].includes(term.id)) count++;
    }
    return count;
  }

  /** Every term's count in one pass: what a page of events needs, computed once per answer. */
  termCounts(): Map<number, number> {
    const counts = new Map(this.blogPostTagUses);
    for (const post of this.posts.values()) {
      if (post.type !== 'tribe_events' || post.status !== 'publish') continue;
      for (const id of post.categoryIds) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const id of post.tagIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /** A unique post slug of this type (WordPress appends -2, -3…). */
  uniqueSlug(base: string, type: AnyPost['type'], exceptId: number): string {
    const taken = new Set(
      [...this.posts.values()].filter((p) => p.type === type && p.id !== exceptId).map((p) => p.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  uniqueTermSlug(base: string, taxonomy: RawTerm['taxonomy'], exceptId: number): string {
    const taken = new Set(
      this.termsOf(taxonomy)
        .filter((t) => t.id !== exceptId)
        .map((t) => t.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  userById(id: number): SiteUser | undefined {
    return this.users.find((u) => u.id === id);
  }

  userByLogin(login: string): SiteUser | undefined {
    return this.users.find(
      (u) => u.login.toLowerCase() === login.toLowerCase() || u.email.toLowerCase() === login.toLowerCase(),
    );
  }

  /** Unlinks a trashed venue/organizer from its events — without touching their `modified`. */
  unlinkEverywhere(id: number): void {
    for (const event of this.events()) {
      event.venueIds = event.venueIds.filter((v) => v !== id);
      event.organizerIds = event.organizerIds.filter((o) => o !== id);
    }
  }
}

/**
 * A status change as wp_insert_post() makes it: trashing keeps the old status and suffixes the slug with
 * `__trashed`; leaving the trash gives the slug back.
 */
export function setStatus(post: PostBase, status: PostStatus): void {
  if (status === 'trash' && post.status !== 'trash') {
    post.statusBeforeTrash = post.status;
    if (post.slug) post.slug = `${post.slug}__trashed`;
  } else if (status !== 'trash' && post.status === 'trash') {
    post.statusBeforeTrash = null;
    post.slug = post.slug.replace(/__trashed$/, '');
  }
  post.status = status;
}

export function newPostBase(store: SiteStore, author: number, id = store.newPostId()): PostBase {
  return {
    id,
    author,
    status: 'publish',
    title: '',
    content: '',
    excerpt: '',
    slug: '',
    date: store.nowLocal(),
    dateGmt: store.nowGmt(),
    modified: store.nowLocal(),
    modifiedGmt: store.nowGmt(),
    password: '',
    thumbnailId: null,
    statusBeforeTrash: null,
  };
}

/** An event with every TEC meta at its empty value (what a create starts from). */
export function blankEvent(store: SiteStore, author: number, id = store.newPostId()): RawEvent {
  return Object.assign(newPostBase(store, author, id), {
    type: 'tribe_events' as const,
    allDay: false,
    startDate: '',
    endDate: '',
    utcStartDate: '',
    utcEndDate: '',
    timezone: store.siteTimezoneName(),
    timezoneAbbr: '',
    cost: '',
    currencySymbol: '',
    currencyPosition: '',
    currencyCode: '',
    website: null,
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    venueIds: [],
    organizerIds: [],
    categoryIds: [],
    tagIds: [],
    parent: 0,
    customFields: {},
  });
}

export function blankVenue(store: SiteStore, author: number): RawVenue {
  return Object.assign(newPostBase(store, author), {
    type: 'tribe_venue' as const,
    address: '',
    city: '',
    country: '',
    province: '',
    state: '',
    zip: '',
    phone: '',
    website: '',
    stateprovince: '',
    showMap: true,
    showMapLink: true,
  });
}

export function blankOrganizer(store: SiteStore, author: number): RawOrganizer {
  return Object.assign(newPostBase(store, author), {
    type: 'tribe_organizer' as const,
    phone: '',
    website: '',
    email: '',
  });
}
