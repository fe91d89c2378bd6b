// The website's own people at work in wp-admin: a full form save (so none of v1's PATCH traps), with
// `modified` moving exactly as WordPress moves it — an event's own save and trash move it; editing its
// venue or organizer, renaming a term, or trashing a linked post does not.
import { parseCurrencyPosition, parseCurrencySymbol } from './cost.ts';
import { trashLinked } from './linked-writes.ts';
import { createAttachment } from './media.ts';
import {
  blankEvent,
  blankOrganizer,
  blankVenue,
  setStatus,
  type BlogPost,
  type PostStatus,
  type RawEvent,
  type RawOrganizer,
  type RawTerm,
  type RawVenue,
  type SiteStore,
} from './store.ts';
import { createTerm } from './terms.ts';
import { sanitizeTermName, sanitizeTitle } from './text.ts';
import { convertWall, zoneAbbreviation, zoneFor } from './time.ts';

export interface AdminEventFields {
  title?: string;
  description?: string;
  excerpt?: string;
  status?: PostStatus;
  author?: number;
  slug?: string;
  /** Wall clock in the event's zone, `Y-m-d H:i:s`. */
  startDate?: string;
  endDate?: string;
  allDay?: boolean;
  /** An IANA zone or `UTC±N`; the site's zone when omitted on create. */
  timezone?: string;
  /** As typed in the cost field; the symbol and position are guessed from it unless given. */
  cost?: string;
  currencySymbol?: string;
  currencyPosition?: 'prefix' | 'postfix' | '';
  currencyCode?: string;
  website?: string | null;
  showMap?: boolean;
  showMapLink?: boolean;
  hideFromListings?: boolean;
  sticky?: boolean;
  featured?: boolean;
  venueId?: number | null;
  organizerIds?: number[];
  categoryIds?: number[];
  tagIds?: number[];
  imageId?: number | null;
  customFields?: Record<string, { label: string; value: string }>;
  parent?: number;
}

export type AdminVenueFields = Partial<
  Pick<
    RawVenue,
    | 'title'
    | 'content'
    | 'address'
    | 'city'
    | 'country'
    | 'province'
    | 'state'
    | 'zip'
    | 'phone'
    | 'website'
    | 'stateprovince'
    | 'showMap'
    | 'showMapLink'
    | 'status'
  >
>;
export type AdminOrganizerFields = Partial<
  Pick<RawOrganizer, 'title' | 'content' | 'phone' | 'website' | 'email' | 'status'>
>;

function adminId(store: SiteStore): number {
  return store.users.find((u) => u.role === 'administrator')?.id ?? 1;
}

function applyEventFields(store: SiteStore, event: RawEvent, fields: AdminEventFields): void {
  if (fields.title !== undefined) event.title = fields.title;
  if (fields.description !== undefined) event.content = fields.description;
  if (fields.excerpt !== undefined) event.excerpt = fields.excerpt;
  if (fields.author !== undefined) event.author = fields.author;
  if (fields.status !== undefined) setStatus(event, fields.status);
  if (fields.slug !== undefined) event.slug = store.uniqueSlug(sanitizeTitle(fields.slug), 'tribe_events', event.id);
  if (!event.slug && event.status === 'publish')
    event.slug = store.uniqueSlug(sanitizeTitle(event.title) || String(event.id), 'tribe_events', event.id);
  if (fields.allDay !== undefined) event.allDay = fields.allDay;
  if (fields.timezone !== undefined) event.timezone = fields.timezone;
  if (fields.startDate !== undefined) event.startDate = fields.startDate;
  if (fields.endDate !== undefined) event.endDate = fields.endDate;
  if (event.allDay) {
    event.startDate = `${event.startDate.slice(0, 10)} 00:00:00`;
    event.endDate = `${event.endDate.slice(0, 10)} 23:59:59`;
  }
  const zone = zoneFor(event.timezone) ?? store.siteZone;
  const utc = zoneFor('UTC')!;
  event.utcStartDate = convertWall(event.startDate, zone, utc);
  event.utcEndDate = convertWall(event.endDate, zone, utc);
  event.timezoneAbbr = zoneAbbreviation(event.timezone, event.startDate);
  if (fields.cost !== undefined) {
    event.cost = fields.cost;
    event.currencySymbol = fields.currencySymbol ?? (parseCurrencySymbol(fields.cost) || '');
    event.currencyPosition = fields.currencyPosition ?? (parseCurrencyPosition(fields.cost) || '');
  }
  if (fields.currencyCode !== undefined) event.currencyCode = fields.currencyCode;
  if (fields.website !== undefined) event.website = fields.website;
  for (const key of ['showMap', 'showMapLink', 'hideFromListings', 'sticky', 'featured'] as const) {
    if (fields[key] !== undefined) event[key] = fields[key]!;
  }
  if (fields.venueId !== undefined) event.venueIds = fields.venueId === null ? [] : [fields.venueId];
  if (fields.organizerIds !== undefined) event.organizerIds = [...fields.organizerIds];
  if (fields.categoryIds !== undefined) event.categoryIds = [...fields.categoryIds];
  if (fields.tagIds !== undefined) event.tagIds = [...fields.tagIds];
  if (fields.imageId !== undefined) event.thumbnailId = fields.imageId;
  if (fields.customFields !== undefined) event.customFields = structuredClone(fields.customFields);
  if (fields.parent !== undefined) event.parent = fields.parent;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`tec-site admin: no ${what}`);
  return value;
}

export function adminApi(store: SiteStore) {
  const event = (id: number): RawEvent => required(store.event(id), `event ${id}`);
  const venue = (id: number): RawVenue => required(store.venue(id), `venue ${id}`);
  const organizer = (id: number): RawOrganizer => required(store.organizer(id), `organizer ${id}`);
  return {
    async createEvent(
      fields: AdminEventFields & { title: string; startDate: string; endDate: string },
    ): Promise<number> {
      const created = blankEvent(store, fields.author ?? adminId(store));
      // wp-admin's form leaves the map boxes ticked.
      created.showMap = true;
      created.showMapLink = true;
      applyEventFields(store, created, fields);
      store.posts.set(created.id, created);
      return created.id;
    },
    async updateEvent(id: number, fields: AdminEventFields): Promise<void> {
      const target = event(id);
      applyEventFields(store, target, fields);
      store.touch(target);
    },
    async trashEvent(id: number): Promise<void> {
      const target = event(id);
      setStatus(target, 'trash');
      store.touch(target);
    },
    async untrashEvent(id: number): Promise<void> {
      const target = event(id);
      // WordPress 5.6+ restores an untrashed post as a draft.
      setStatus(target, 'draft');
      store.touch(target);
    },
    async deleteEventPermanently(id: number): Promise<void> {
      event(id);
      store.posts.delete(id);
    },
    async createVenue(fields: AdminVenueFields & { title: string }): Promise<number> {
      const created = blankVenue(store, adminId(store));
      Object.assign(created, fields);
      created.slug = store.uniqueSlug(sanitizeTitle(created.title), 'tribe_venue', created.id);
      store.posts.set(created.id, created);
      return created.id;
    },
    /** Edits a venue: its events' `modified` does not move. */
    async updateVenue(id: number, fields: AdminVenueFields): Promise<void> {
      const target = venue(id);
      Object.assign(target, fields);
      store.touch(target);
    },
    /** Trashes a venue: its events silently lose it, and their `modified` does not move. */
    async trashVenue(id: number): Promise<void> {
      trashLinked(store, venue(id));
    },
    async createOrganizer(fields: AdminOrganizerFields & { title: string }): Promise<number> {
      const created = blankOrganizer(store, adminId(store));
      Object.assign(created, fields);
      created.slug = store.uniqueSlug(sanitizeTitle(created.title), 'tribe_organizer', created.id);
      store.posts.set(created.id, created);
      return created.id;
    },
    async updateOrganizer(id: number, fields: AdminOrganizerFields): Promise<void> {
      const target = organizer(id);
      Object.assign(target, fields);
      store.touch(target);
    },
    async trashOrganizer(id: number): Promise<void> {
      trashLinked(store, organizer(id));
    },
    async createTerm(
      taxonomy: RawTerm['taxonomy'],
      fields: { name: string; parent?: number; description?: string; slug?: string },
    ): Promise<number> {
      return createTerm(store, taxonomy, fields).id;
    },
    /** Renames a term: no timestamp anywhere moves (terms have none, and their events are not touched). */
    async renameTerm(taxonomy: RawTerm['taxonomy'], id: number, name: string): Promise<void> {
      const term = store.terms.get(id);
      if (!term || term.taxonomy !== taxonomy) throw new Error(`tec-site admin: no ${taxonomy} term ${id}`);
      term.name = sanitizeTermName(name);
    },
    async deleteTerm(taxonomy: RawTerm['taxonomy'], id: number): Promise<void> {
      const term = store.terms.get(id);
      if (!term || term.taxonomy !== taxonomy) throw new Error(`tec-site admin: no ${taxonomy} term ${id}`);
      store.forgetTerm(term);
    },
    /** A blog post (outside TEC) using site-wide tags: a published one counts in the tags' counts. */
    async tagBlogPost(tagId: number, status: BlogPost['status'] = 'publish'): Promise<number> {
      const id = store.newPostId();
      store.blogPosts.set(id, { id, title: `Blog post ${id}`, status, tagIds: [tagId] });
      return id;
    },
    /**
     * Settings → General → Timezone: a zone name, or '' and an offset in hours ("UTC+2"). Nothing stored
     * is rewritten: posts keep the local `post_modified` they were saved with; later saves use the new zone.
     */
    async setTimezone(timezoneString: string, gmtOffset = 0): Promise<void> {
      store.settings.timezoneString = timezoneString;
      store.settings.gmtOffset = gmtOffset;
    },
    async uploadImage(filename: string, bytes: Buffer, mimeType = 'image/png'): Promise<number> {
      return createAttachment(store, adminId(store), { bytes, filename, mimeType, sourceUrl: null }).id;
    },
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
