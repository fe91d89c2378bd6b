// What an import creates besides events, and what it links to that already exists: venues,
// organizers, categories and tags. Each is decided the first time the file names it (before any
// event of this import is written), so a preview and the import say the same, and a venue named by
// 500 events is one line of the summary.
//
// Matching, so that an import does not duplicate what the site has:
//  - a venue by name (case, accents, spacing and punctuation aside) and, when the file gives an address, by that address
//    (street, or the whole address as one line, as earlier imports stored it); a venue of that name
//    with no address at all matches too, as nothing contradicts it;
//  - an organizer by e-mail, whatever name the file gives it; without an e-mail, by name (unless
//    the organizer of that name has another e-mail: then they are two people);
//  - a category or tag by name or slug, as the API's own writes do.
import type { OperationContext } from '../operations/context.ts';
import type { PostRow } from '../db/repositories/posts.ts';
import { can } from '../domain/roles.ts';
import { parseTermRefs } from '../operations/events/relations.ts';
import { MAX_LISTED, type RelatedItem, type RelatedSummary } from '../../contract/app/import-summary.ts';

type Kind = keyof RelatedSummary;

/** An inline venue or organizer of an event write (the API's field names). */
type LinkFields = Record<string, unknown>;

interface Decision {
  kind: Kind;
  item: RelatedItem;
  /** The existing post or term it matched, if any. */
  id?: number;
  /**
   * The venue or organizer this import made for it (a real import, once the first event naming it
   * was written): the later events link to it, so the import makes one, as its preview said.
   */
  made?: number;
  /** Counted in the summary (by the first event that names it and is imported). */
  counted: boolean;
  /** Nothing the write will link or create (a number that is no term's id): not in the summary. */
  ignored?: boolean;
}

/** The decisions one event's write uses: counted once the event is known to be imported. */
export type Picks = Decision[];

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Names and addresses already made comparable: a file names the same few rooms and people on
 * thousands of events, and NFKD with two Unicode regexps was ~2 % of a 10k-event import. Bounded:
 * emptied when full.
 */
const comparables = new Map<string, string>();
const MAX_COMPARABLES = 4096;

/** Lower case, accents and punctuation dropped, spaces collapsed: "Schönhauser Allee 36," ≈ "schonhauser allee 36". */
export function comparable(value: string): string {
  let result = comparables.get(value);
  if (result === undefined) {
    result = value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (comparables.size >= MAX_COMPARABLES) comparables.clear();
    comparables.set(value, result);
  }
  return result;
}

const ADDRESS_PARTS = ['address', 'zip', 'city', 'state', 'country'] as const;

/** The address as people write it: "Schönhauser Allee 36, 10435 Berlin, Germany", "1 Elm St, Springfield, IL 62701". */
function displayAddress(fields: Partial<Record<(typeof ADDRESS_PARTS)[number], unknown>>): string {
  const [street, zip, city, state, country] = ADDRESS_PARTS.map((part) => text(fields[part]));
  const locality = state ? [city, [state, zip].filter(Boolean).join(' ')] : [[zip, city].filter(Boolean).join(' ')];
  return [street, ...locality, country].filter((part) => part !== '').join(', ');
}

/** The address as one line, in the order a LOCATION writes it. */
function addressLine(fields: Partial<Record<(typeof ADDRESS_PARTS)[number], unknown>>): string {
  return ADDRESS_PARTS.map((part) => text(fields[part]))
    .filter((part) => part !== '')
    .join(', ');
}

export class RelatedItems {
  private readonly decisions = new Map<string, Decision>();
  private readonly summary: RelatedSummary = {
    venues: { created: 0, existing: 0, items: [] },
    organizers: { created: 0, existing: 0, items: [] },
    categories: { created: 0, existing: 0, items: [] },
    tags: { created: 0, existing: 0, items: [] },
  };

  /** The site's venue and organizer names, made comparable (named()). */
  private readonly names = new Map<'venue' | 'organizer', Map<string, number[]>>();

  constructor(private readonly ctx: OperationContext) {}

  /** The venue an inline venue stands for: an existing one's id, or the fields to create it from. */
  venue(fields: LinkFields, picks: Picks): number | LinkFields {
    const name = text(fields.venue);
    const line = addressLine(fields);
    const decision = this.decide('venues', `${comparable(name)}|${comparable(line)}`, picks, () =>
      this.decision('venues', name, displayAddress(fields), this.existingVenue(name, fields)),
    );
    return decision.id ?? decision.made ?? fields;
  }

  /** The organizer an inline organizer stands for, likewise. */
  organizer(fields: LinkFields, picks: Picks): number | LinkFields {
    const name = text(fields.organizer);
    const email = text(fields.email);
    const key = email !== '' ? `@${email.toLowerCase()}` : comparable(name);
    const decision = this.decide('organizers', key, picks, () =>
      this.decision('organizers', name, email, this.existingOrganizer(name, email)),
    );
    return decision.id ?? decision.made ?? fields;
  }

  /** The categories (tags) an event names: decided once each (the write itself finds or creates them). */
  terms(kind: 'categories' | 'tags', names: readonly string[], picks: Picks): void {
    const taxonomy = kind === 'categories' ? 'category' : 'tag';
    for (const name of names) {
      this.decide(kind, comparable(name) || name, picks, () => {
        const [ref] = parseTermRefs(this.ctx, taxonomy, [name]) ?? [];
        const term = ref && 'id' in ref ? this.ctx.store.terms.get(this.ctx.site.id, ref.id) : undefined;
        const decision = this.decision(kind, name, '', term ? { id: term.id, name: term.name, by: 'name' } : undefined);
        if (!ref) decision.ignored = true;
        return decision;
      });
    }
  }

  /** The event that made these picks is imported: each counts once more. */
  count(picks: Picks): void {
    for (const decision of new Set(picks)) {
      decision.item.events++;
      if (decision.counted || decision.ignored) continue;
      decision.counted = true;
      const group = this.summary[decision.kind];
      if (decision.id === undefined) group.created++;
      else group.existing++;
      if (group.items.length < MAX_LISTED) group.items.push(decision.item);
    }
  }

  /**
   * The event `eventId`, written with these picks: the venue and organizers its write created are
   * what every later event of the import that names them links to. Without this, the import made
   * a venue for each way a file wrote it (another GEO, another case) where the preview said one.
   */
  made(eventId: number, picks: Picks): void {
    const { posts } = this.ctx.store;
    const siteId = this.ctx.site.id;
    const venue = picks.find((pick) => pick.kind === 'venues');
    if (venue && venue.id === undefined && venue.made === undefined)
      venue.made = posts.links(siteId, eventId, 'venue')[0];
    // Organizers are linked in the order given, repeats dropped: the same positions.
    const organizers = [...new Set(picks.filter((pick) => pick.kind === 'organizers'))];
    if (organizers.some((pick) => pick.id === undefined && pick.made === undefined)) {
      const linked = posts.links(siteId, eventId, 'organizer');
      if (linked.length === organizers.length)
        organizers.forEach((pick, index) => {
          if (pick.id === undefined) pick.made ??= linked[index];
        });
    }
  }

  result(): RelatedSummary {
    return this.summary;
  }

  private decide(kind: Kind, key: string, picks: Picks, make: () => Decision): Decision {
    const full = `${kind}|${key}`;
    let decision = this.decisions.get(full);
    if (!decision) {
      decision = make();
      this.decisions.set(full, decision);
    }
    picks.push(decision);
    return decision;
  }

  private decision(
    kind: Kind,
    name: string,
    detail: string,
    found: { id: number; name: string; by: RelatedItem['matched_by'] } | undefined,
  ): Decision {
    const item: RelatedItem = { name: found?.name ?? name, action: found ? 'existing' : 'create', events: 0 };
    if (detail !== '') item.detail = detail;
    if (!found) return { kind, item, counted: false };
    item.id = found.id;
    if (found.by) item.matched_by = found.by;
    if (comparable(found.name) !== comparable(name)) item.file_name = name;
    return { kind, item, id: found.id, counted: false };
  }

  /** Non-trashed posts the importer may read (an editor or administrator: all but the trash). */
  private usable(rows: PostRow[]): PostRow[] {
    return rows.filter((row) => row.status !== 'trash' && can.readPost(this.ctx.actor, row));
  }

  /**
   * The site's venues (organizers) whose name is `name` once case, accents, spacing and punctuation
   * are set aside ("theater  bouwkunde" is "Theater Bouwkunde"): SQLite's NOCASE knows ASCII only,
   * so the names are read once per import and compared here.
   */
  private named(type: 'venue' | 'organizer', name: string): PostRow[] {
    let index = this.names.get(type);
    if (!index) {
      index = new Map();
      for (const { id, title } of this.ctx.store.posts.titles(this.ctx.site.id, type)) {
        const key = comparable(title);
        const ids = index.get(key);
        if (ids) ids.push(id);
        else index.set(key, [id]);
      }
      this.names.set(type, index);
    }
    const ids = index.get(comparable(name)) ?? [];
    return this.usable([...this.ctx.store.posts.getMany(this.ctx.site.id, ids).values()]);
  }

  private existingVenue(name: string, fields: LinkFields) {
    if (name === '') return undefined;
    const candidates = this.named('venue', name);
    const line = comparable(addressLine(fields));
    const street = comparable(text(fields.address));
    const city = comparable(text(fields.city));
    const pick = (row: PostRow | undefined, by: RelatedItem['matched_by']) =>
      row ? { id: row.id, name: row.title, by } : undefined;
    if (line === '') return pick(candidates[0], 'name');
    const sameAddress = candidates.find((row) => {
      const rowStreet = comparable(row.address ?? '');
      const rowLine = comparable(addressLine(row));
      const rowCity = comparable(row.city ?? '');
      if (rowLine === line || rowStreet === line) return true;
      return street !== '' && rowStreet === street && (city === '' || rowCity === '' || rowCity === city);
    });
    if (sameAddress) return pick(sameAddress, 'address');
    return pick(
      candidates.find((row) => comparable(addressLine(row)) === ''),
      'name',
    );
  }

  private existingOrganizer(name: string, email: string) {
    const siteId = this.ctx.site.id;
    if (email !== '') {
      const [byEmail] = this.usable(this.ctx.store.posts.organizersByEmail(siteId, email));
      if (byEmail) return { id: byEmail.id, name: byEmail.title, by: 'email' as const };
    }
    if (name === '') return undefined;
    const sameName = this.named('organizer', name).find(
      (row) => email === '' || text(row.email) === '' || text(row.email).toLowerCase() === email.toLowerCase(),
    );
    return sameName ? { id: sameName.id, name: sameName.title, by: 'name' as const } : undefined;
  }
}
