// Schema-driven fuzzing of the service, from its own OpenAPI document (GET /svc/events/v1/doc).
//
// For every path × method of the document, fast-check builds requests from the documented
// parameters and request bodies: valid values (each parameter's schema, plus realistic values for
// the parameters the schema leaves loose: dates, zones, linked ids), boundary values and invalid
// ones, sent as JSON, form or query-string bodies (or malformed ones) by anonymous callers and by
// every role. Ids and slugs in paths and bodies are drawn, when the request is sent, from the
// items that exist (a small data set seeded through the API first, plus every item created during
// the run), from items of another type, or are unknown.
//
// Properties of every response: status < 500; every 4xx/5xx is a JSON `{code, message, data:
// {status}}` with `data.status` equal to the HTTP status; every 2xx JSON body validates against the
// documented response schema of its operation (objects closed: an undocumented key fails). After
// the run: `PRAGMA integrity_check` is `ok` and `PRAGMA foreign_key_check` returns no rows.
//
// Used by test/reliability/fuzz.test.ts (a short seeded run) and scripts/fuzz.ts (longer runs).
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { DateTime } from 'luxon';
import { API, type Response, type TestServer } from './server.ts';

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// The document, as operations

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

export interface Operation {
  /** `GET /events/{id}`; `*` marks a method the document does not list for the path. */
  key: string;
  method: string;
  path: string;
  /** The resource of the path (`/venues/{id}` → venue). */
  kind: Kind | undefined;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { required: string[]; properties: Record<string, Json> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  documented: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type Kind = (typeof KINDS)[number];
const KIND_OF_SEGMENT: Record<string, Kind> = {
  events: 'event',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
};

export async function fetchDocument(server: TestServer): Promise<OpenApiDocument> {
  const response = await server.request('GET', `${API}/doc`);
  if (response.status !== 200) throw new Error(`GET ${API}/doc: ${response.status} ${response.text.slice(0, 300)}`);
  return response.body as OpenApiDocument;
}

/** Every documented path × method, plus the undocumented methods of each path (expected: 404 rest_no_route). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const kind = KIND_OF_SEGMENT[path.split('/')[1] ?? ''];
    for (const method of METHODS) {
      const op = item[method] as
        | { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Json }> }; responses: Json }
        | undefined;
      if (!op) {
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m): Parameter => ({
          name: m[1]!,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        }));
        operations.push({
          key: `${method.toUpperCase()}* ${path}`,
          method: method.toUpperCase(),
          path,
          kind,
          pathParams,
          queryParams: [],
          responses: {},
          documented: false,
        });
        continue;
      }
      const parameters = op.parameters ?? [];
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        kind,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        ...(bodySchema
          ? {
              body: {
                required: (bodySchema.required as string[] | undefined) ?? [],
                properties: bodySchema.properties as Record<string, Json>,
              },
            }
          : {}),
        responses: op.responses as Operation['responses'],
        documented: true,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Live pools of existing items, and references to them resolved when a request is sent

/** What a generated value names; resolved against the pools when the request is sent. */
export class PoolRef {
  constructor(
    readonly pool: string,
    readonly pick: number,
  ) {}
  toString(): string {
    return `<${this.pool}#${this.pick}>`;
  }
}

/** An already-encoded path segment (e.g. a malformed %-escape): sent as is. */
class RawSegment {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const UNKNOWN_ID = 987_654;

export class Pools {
  private readonly lists = new Map<string, (string | number)[]>();

  add(pool: string, value: string | number | undefined): void {
    if (value === undefined || value === '') return;
    const list = this.lists.get(pool) ?? [];
    if (!list.includes(value)) list.push(value);
    this.lists.set(pool, list);
  }

  /** Records an item answered by the API (its id, slug and name). */
  addItem(kind: Kind, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    const item = body as Json;
    if (typeof item.id !== 'number') return;
    this.add(`${kind}.id`, item.id);
    if (typeof item.slug === 'string') this.add(`${kind}.slug`, item.slug);
    if ((kind === 'category' || kind === 'tag') && typeof item.name === 'string') this.add(`${kind}.name`, item.name);
  }

  /** Moves a permanently deleted item to the `gone` pools (still probed, less often). */
  retire(kind: Kind, body: unknown): void {
    if (!body || typeof body !== 'object') return;
    const item = body as Json;
    for (const field of ['id', 'slug', 'name'] as const) {
      const value = item[field];
      const list = this.lists.get(`${kind}.${field}`);
      if (!list || (typeof value !== 'string' && typeof value !== 'number')) continue;
      const at = list.indexOf(value);
      if (at >= 0) list.splice(at, 1);
      if (field !== 'name') this.add(`${kind}.gone.${field}`, value);
    }
  }

  get(pool: string, pick: number): string | number {
    const list = this.lists.get(pool);
    if (!list || list.length === 0) return pool.endsWith('.id') || pool === 'user' ? UNKNOWN_ID : 'no-such-item';
    return list[pick % list.length]!;
  }

  size(pool: string): number {
    return this.lists.get(pool)?.length ?? 0;
  }

  resolve(value: unknown, depth = 0): unknown {
    if (value instanceof PoolRef) return this.get(value.pool, value.pick);
    if (depth > 20) return value; // deep-nesting probes hold no references
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, depth + 1));
    if (value && typeof value === 'object' && !(value instanceof RawSegment)) {
      const copy: Json = {};
      for (const [k, v] of Object.entries(value)) copy[k] = this.resolve(v, depth + 1);
      return copy;
    }
    return value;
  }
}

const ref = (pool: string) => fc.nat({ max: 1000 }).map((pick) => new PoolRef(pool, pick));

// ---------------------------------------------------------------------------------------------
// Seeding: a small realistic data set, through the API

export const SEED_PASSWORD = 'fuzz-secret';

function dayOffset(days: number, time: string, zone = 'America/New_York'): string {
  return `${DateTime.now().setZone(zone).plus({ days }).toFormat('yyyy-MM-dd')} ${time}`;
}

/**
 * Seeds categories (with a child), tags, venues, organizers and events (published, featured,
 * all-day, password-protected, draft, pending, private, hidden, far away, past, trashed, by
 * several roles, with a Spanish variant) through the API; returns the pools of what exists.
 */
export async function seedData(server: TestServer): Promise<{ pools: Pools; requests: number }> {
  const pools = new Pools();
  const { tokens } = server;
  let requests = 0;
  async function create(path: string, json: Json, token = tokens.administrator, status = 201): Promise<Json> {
    requests++;
    const response = await server.request('POST', path, { json, token });
    if (response.status !== status) throw new Error(`seed POST ${path}: ${response.status} ${response.text}`);
    const kind = KIND_OF_SEGMENT[path.split('/')[0]!];
    if (kind) pools.addItem(kind, response.body);
    return response.body as Json;
  }
  const music = await create('categories', { name: 'Music', description: 'Concerts and gigs' });
  const jazz = await create('categories', { name: 'Jazz', parent: music.id });
  await create('categories', { name: 'Theatre' });
  await create('tags', { name: 'Outdoor' });
  await create('tags', { name: 'Family' });
  const hall = await create('venues', {
    venue: 'Concert Hall',
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    country: 'United States',
    zip: '62701',
    geo_lat: 39.78,
    geo_lng: -89.65,
  });
  const club = await create('venues', { venue: 'Berlin Club', city: 'Berlin', country: 'Germany' });
  await create('venues', { venue: 'Author Loft', city: 'Lisbon' }, tokens.author);
  const alice = await create('organizers', {
    organizer: 'Alice Promotions',
    email: 'alice@example.com',
    website: 'https://alice.example.com',
  });
  const bob = await create('organizers', { organizer: 'Bob Events', phone: '+1 555 0100' });
  const events: [Json, string?][] = [
    [
      {
        title: 'Jazz night',
        description: '<p>Live <b>jazz</b> downtown.</p>',
        excerpt: 'Jazz',
        start_date: dayOffset(3, '19:30:00'),
        end_date: dayOffset(3, '22:00:00'),
        timezone: 'America/Los_Angeles',
        cost: '$35',
        categories: [jazz.id],
        tags: ['Outdoor'],
        venue: hall.id,
        organizer: [alice.id, bob.id],
        featured: true,
        website: 'https://jazz.example.com',
        image: 'https://images.example.com/jazz.png',
      },
    ],
    [
      {
        title: 'Theatre matinee',
        start_date: dayOffset(10, '00:00:00'),
        end_date: dayOffset(11, '00:00:00'),
        all_day: true,
        categories: ['Theatre'],
        tags: ['Family'],
        venue: { venue: 'Open Air Stage', city: 'Vienna', geo_lat: 48.2, geo_lng: 16.37 },
        organizer: [{ organizer: 'Stage Crew' }],
        cost: [10, 25],
      },
    ],
    [
      {
        title: 'Locked rehearsal',
        start_date: dayOffset(5, '18:00:00'),
        end_date: dayOffset(5, '20:00:00'),
        password: SEED_PASSWORD,
        venue: club.id,
        categories: [music.id],
      },
    ],
    [
      {
        title: 'Draft planning',
        status: 'draft',
        start_date: dayOffset(20, '09:00'),
        end_date: dayOffset(20, '10:00'),
      },
    ],
    [
      {
        title: 'Author showcase',
        start_date: dayOffset(7, '12:00'),
        end_date: dayOffset(7, '13:00'),
        venue: club.id,
      },
      tokens.author,
    ],
    [
      {
        title: 'Contributor idea',
        status: 'pending',
        start_date: dayOffset(8, '12:00'),
        end_date: dayOffset(8, '13:00'),
      },
      tokens.contributor,
    ],
    [
      { title: 'Private board', status: 'private', start_date: dayOffset(4, '08:00'), end_date: dayOffset(4, '09:00') },
      tokens.editor,
    ],
    [
      {
        title: 'Hidden gala',
        hide_from_listings: true,
        sticky: true,
        start_date: dayOffset(6, '20:00'),
        end_date: dayOffset(6, '23:00'),
      },
    ],
    [
      {
        title: 'Next year festival',
        start_date: dayOffset(400, '10:00'),
        end_date: dayOffset(402, '18:00'),
        timezone: 'Europe/Berlin',
      },
    ],
    [{ title: 'Last month talk', start_date: dayOffset(-30, '10:00'), end_date: dayOffset(-30, '11:00') }],
    [{ title: 'Trashed fair', start_date: dayOffset(9, '10:00'), end_date: dayOffset(9, '11:00') }],
  ];
  const created: Json[] = [];
  for (const [fields, token] of events) created.push(await create('events', fields, token));
  const trashed = created.at(-1)!;
  requests += 2;
  const deletion = await server.request('DELETE', `events/${trashed.id}`, { token: tokens.administrator });
  if (deletion.status !== 200) throw new Error(`seed DELETE: ${deletion.status} ${deletion.text}`);
  const translated = await server.request('PATCH', `events/${created[0]!.id}`, {
    query: { translation_language: 'es' },
    json: { title: 'Noche de jazz', description: '<p>Jazz en vivo.</p>' },
    token: tokens.administrator,
  });
  if (translated.status !== 200) throw new Error(`seed PATCH: ${translated.status} ${translated.text}`);
  pools.add('password', SEED_PASSWORD);
  for (const id of Object.values(server.userIds)) pools.add('user', id);
  return { pools, requests };
}

// ---------------------------------------------------------------------------------------------
// Values: valid, boundary, invalid

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const HUGE = 100 * 1024;
const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any'];
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
  'UTC+5',
  'UTC-3:30',
  'UTC+14',
  'UTC-12',
];
const NAMES = ['Jazz night', 'Open Air Stage', 'Alice Promotions', 'Music', 'Theatre', 'Outdoor', 'Family', 'Gala'];
const UNICODE = [
  'café',
  'Ünïcödé',
  '日本語のイベント',
  'مرحبا بالعالم',
  '😀🎉👩‍👩‍👧',
  'e\u0301',
  '\u202Eevil',
  'İstanbul',
  '\uFEFFbom',
  'a\u200Bb',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'Zalgơ̴̡͓',
];
const CONTROL = ['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', '\u0001', 'line\nbreak\ttab\r'];
const NASTY = [
  "' OR 1=1 --",
  '"; DROP TABLE posts; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%s%n%x',
  '${7*7}',
  '\\',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  '[]',
  ' ',
  '\ud800',
  'x\udfffy',
];
const DATE_GARBAGE = [
  'before my birthday',
  '2027-02-30',
  '2027-13-01',
  '99999-01-01',
  '2027-06-01 25:00',
  '0000-00-00 00:00:00',
  'next blursday',
  '+999999999 days',
  '1e308',
  'T',
  '2027-06-01T10:00:00+99:00',
  '--',
];
const DATE_BOUNDARY = [
  '1970-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '9999-12-31',
  '0001-01-01',
  '0001-01-01 00:00:00',
  253402300799, // 9999-12-31 23:59:59 UTC
  253402300800, // 10000-01-01 UTC
  -62135596800, // 0001-01-01 UTC
  '2038-01-19 03:14:08',
  '2027-03-14 02:30', // a DST gap in New York
  '2027-11-07 01:30', // a DST overlap in New York
  0,
  -1,
  2 ** 31,
  MAX_SAFE,
];

const textArb = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(Math.max(max, 1), 24) }) },
    { weight: 2, arbitrary: fc.constantFrom(...NAMES) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 24), unit: 'grapheme' }) },
  );

const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '<p>a</p>', 'ab '), fc.integer({ min: 2_000, max: HUGE }))
  .map(([unit, bytes]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

function deep(kind: 'array' | 'object', depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const localDate = fc
  .tuple(fc.integer({ min: -60, max: 800 }), fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([days, hour, minute]) =>
    DateTime.now().setZone('America/New_York').plus({ days }).set({ hour, minute, second: 0 }),
  );

const dateArb = fc.oneof(
  { weight: 4, arbitrary: localDate.map((d) => d.toFormat('yyyy-MM-dd HH:mm:ss')) },
  { weight: 1, arbitrary: localDate.map((d) => d.toFormat('yyyy-MM-dd')) },
  { weight: 1, arbitrary: localDate.map((d) => d.toISO({ suppressMilliseconds: true })!) },
  { weight: 1, arbitrary: localDate.map((d) => Math.floor(d.toSeconds())) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'now',
      'today',
      'tomorrow',
      'yesterday',
      'tomorrow 9am',
      'next wednesday 4pm',
      '+5 days',
      '-2 weeks',
    ),
  },
);

/** A start and an end in order, so that a fair share of event writes succeed. */
const datePair = fc.tuple(localDate, fc.integer({ min: 0, max: 72 }), fc.boolean()).map(([start, hours, iso]) =>
  iso
    ? { start_date: start.toISO({ suppressMilliseconds: true })!, end_date: start.plus({ hours }).toISO()! }
    : {
        start_date: start.toFormat('yyyy-MM-dd HH:mm:ss'),
        end_date: start.plus({ hours }).toFormat('yyyy-MM-dd HH:mm:ss'),
      },
);

const DATE_NAMES = new Set([
  'date',
  'date_utc',
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
]);
const LOOSE_BOOLEANS = new Set(['strict_dates', 'has_events', 'only_with_upcoming']);

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** A value the schema accepts, for any schema of the document. */
function fromSchema(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Json[]).map((s) => fromSchema(s, depth + 1)));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, depth)));
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  switch (types[0]) {
    case 'integer': {
      const low = min ?? -1000;
      const high = Math.min(max ?? 1000, low + 1000);
      return fc.oneof(fc.integer({ min: low, max: high }), fc.constantFrom(low, max ?? high));
    }
    case 'number':
      return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return textArb((schema.minLength as number | undefined) ?? 0, (schema.maxLength as number | undefined) ?? 200);
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items as Json, depth + 1) : fc.string(), {
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 5, 5),
      });
    case 'object': {
      if (!schema.properties || depth > 3) return fc.constant({});
      return objectArb(schema.properties as Record<string, Json>, [], 'valid', undefined, depth + 1);
    }
    default:
      return fc.constant('');
  }
}

/** Realistic valid values for the parameters whose schema is loose or that name other items. */
function validValue(name: string, schema: Json, op: Operation | undefined, depth = 0): fc.Arbitrary<unknown> {
  const kind = op?.kind;
  const isArray = typesOf(schema)[0] === 'array';
  const ids = (k: Kind) => (isArray ? fc.array(ref(`${k}.id`), { minLength: 1, maxLength: 3 }) : ref(`${k}.id`));
  if (DATE_NAMES.has(name)) return dateArb;
  if (LOOSE_BOOLEANS.has(name)) return fc.constantFrom(true, false, 'true', 'false', '1', '0', 1, 0);
  switch (name) {
    case 'translation_language':
    case 'orderby':
    case 'context':
      return fromSchema(schema);
    case 'order':
      return fc.constantFrom('asc', 'desc', 'ASC', 'DESC');
    case 'force':
      return fc.constantFrom(false, false, false, true); // mostly to the trash: items stay around
    case 'show_map':
    case 'show_map_link':
      return typesOf(schema).includes('string')
        ? fc.constantFrom(true, false, 'true', 'false', '1', '0', 'yes', 'no')
        : fc.boolean();
    case 'timezone':
      return fc.constantFrom(...ZONES);
    case 'website':
      return fc.constantFrom('https://example.com', 'https://example.com/a path?q=1#x', 'http://127.0.0.1/x', '');
    case 'image':
      return fc.constantFrom('https://images.example.com/a.png', 'https://images.example.com/b.jpg?w=2', '');
    case 'email':
      return fc.constantFrom('someone@example.com', 'a.b+c@example.org', '');
    case 'phone':
      return fc.constantFrom('+1 555 0100', '(555) 123-4567', '');
    case 'password':
      return fc.oneof(ref('password'), fc.constantFrom('wrong', ''));
    case 'author':
      return ref('user');
    case 'status':
      if (schema.enum) return fromSchema(schema);
      return fc.subarray(STATUSES, { minLength: 1, maxLength: 3 }).map((s) => s.join(','));
    case 'search':
      return fc.constantFrom('jazz', 'Jazz night', 'theatre', 'club', 'e', 'noche', 'zzz');
    case 'geo_lat':
    case 'geoloc_lat':
      return fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(39.78, 52.52));
    case 'geo_lng':
    case 'geoloc_lng':
      return fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constantFrom(-89.65, 13.41));
    case 'cost':
      return fc.oneof(
        fc.constantFrom('$35', 'Free', '10-20 EUR', '€15', '0', 'Donation', ''),
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 3 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
      );
    case 'include':
    case 'exclude':
      return ids(kind ?? 'event');
    case 'event':
    case 'post':
    case 'post_parent':
      return ids('event');
    case 'parent':
      return fc.oneof(ref('category.id'), fc.constant(0));
    case 'slug':
      // a query/body slug (path slugs are built in pathValue)
      return fc.oneof(kind ? ref(`${kind}.slug`) : fc.constant('x'), fc.constantFrom('new-slug', 'Ünï cödé slug'));
    case 'title':
    case 'name':
      return textArb(1, 60);
    case 'categories':
    case 'tags': {
      const k: Kind = name === 'categories' ? 'category' : 'tag';
      const item =
        op?.method === 'GET'
          ? fc.oneof(ref(`${k}.id`), ref(`${k}.slug`))
          : fc.oneof(ref(`${k}.id`), ref(`${k}.name`), ref(`${k}.slug`), fc.constantFrom('Brand new', 'Nuevo término'));
      return fc.array(item, { maxLength: 3 });
    }
    case 'venue':
    case 'organizer': {
      if (kind !== 'event') return textArb(1, 60); // the name of a venue/organizer on its own route
      const k: Kind = name;
      if (isArray) return ids(k); // list filter
      const inline = (schema.anyOf as Json[] | undefined)?.find((s) => s.type === 'object');
      const inlineArb = inline
        ? objectArb(inline.properties as Record<string, Json>, [name], 'valid', op, depth + 1)
        : fc.constant({});
      return fc.oneof(
        { weight: 4, arbitrary: ref(`${k}.id`) },
        { weight: 1, arbitrary: ref(`${k}.id`).map((id) => ({ id })) },
        { weight: 2, arbitrary: inlineArb },
        { weight: 1, arbitrary: fc.array(fc.oneof(ref(`${k}.id`), inlineArb), { maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constantFrom('', [] as unknown[]) },
      );
    }
    case 'description':
    case 'excerpt':
      return fc.oneof(
        textArb(0, 80),
        fc.constantFrom('<p>Hello <b>world</b></p>', '<img src=x onerror=alert(1)>', '', 'Line 1\n\nLine 2'),
      );
    default:
      return fromSchema(schema, depth);
  }
}

/** Values at the edges of the schema: limits, one past them, empty and maximal strings and lists. */
function boundaryValue(name: string, schema: Json, op: Operation | undefined): fc.Arbitrary<unknown> {
  if (DATE_NAMES.has(name)) return fc.constantFrom(...DATE_BOUNDARY);
  const types = typesOf(schema);
  const values: unknown[] = [];
  if (types.includes('integer') || types.includes('number')) {
    values.push(0, -1, 1, MAX_SAFE, 2 ** 53, '9007199254740993');
    if (typeof schema.minimum === 'number') values.push(schema.minimum, schema.minimum - 1);
    if (typeof schema.maximum === 'number') values.push(schema.maximum, schema.maximum + 1);
    if (name === 'per_page') values.push(50, 51, 49);
    if (types.includes('number')) values.push(-0, 1e-9, 0.1);
  }
  if (types.includes('string')) {
    const maxLength = schema.maxLength as number | undefined;
    values.push('', ' ', 'a');
    if (maxLength !== undefined && maxLength < HUGE) values.push('a'.repeat(maxLength), 'é'.repeat(maxLength + 1));
  }
  if (types.includes('boolean')) values.push('1', '0', 'TRUE', 'False', 1, 0);
  if (types.includes('array')) {
    values.push([]);
    const maxItems = schema.maxItems as number | undefined;
    if (maxItems !== undefined) return fc.oneof(fc.constantFrom(...values), maxItemsArb(name, schema, op, maxItems));
  }
  if (schema.enum) values.push(...(schema.enum as unknown[]).map((v) => String(v).toUpperCase()));
  return values.length ? fc.constantFrom(...values) : fc.constant('');
}

function maxItemsArb(name: string, schema: Json, op: Operation | undefined, maxItems: number) {
  const item = schema.items ? validValue(name, schema.items as Json, op) : fc.constant(1);
  return fc
    .tuple(item, fc.constantFrom(maxItems, maxItems + 1))
    .map(([value, count]) => Array.from({ length: count }, () => value));
}

/** Values the schema rejects, or that probe the parser: wrong types, garbage, controls, huge and deep values. */
function invalidValue(name: string, schema: Json): fc.Arbitrary<unknown> {
  const generic = fc.oneof(
    fc.constantFrom<unknown>(true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53, '', 'abc', '1e400', '0x1F', ' 12 '),
    fc.constantFrom<unknown>([], {}, [[1]], [{}], { a: 1 }, { 0: 'a', 1: 'b' }, [null], ['a', ['b']]),
    fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    fc.constantFrom(...CONTROL),
    fc.constantFrom(...UNICODE),
    fc.constantFrom(...NASTY),
    fc.string({ maxLength: 30, unit: 'binary' }),
    fc.constantFrom(10, 100, 1000).chain((depth) => fc.constantFrom(deep('array', depth), deep('object', depth))),
  );
  const specific: fc.Arbitrary<unknown>[] = [];
  if (DATE_NAMES.has(name)) specific.push(fc.constantFrom(...DATE_GARBAGE));
  const maxLength = schema.maxLength as number | undefined;
  if (maxLength !== undefined && maxLength > 0 && maxLength < HUGE)
    specific.push(fc.constant('x'.repeat(maxLength + 1)));
  return fc.oneof(
    { weight: 6, arbitrary: generic },
    { weight: 1, arbitrary: hugeString },
    ...specific.map((arbitrary) => ({ weight: 2, arbitrary })),
  );
}

type Mode = 'valid' | 'mixed';

function valueFor(name: string, schema: Json, mode: Mode, op: Operation | undefined, depth = 0) {
  const valid = validValue(name, schema, op, depth);
  if (mode === 'valid') return valid;
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 1, arbitrary: boundaryValue(name, schema, op) },
    { weight: 2, arbitrary: invalidValue(name, schema) },
  );
}

const ABSENT = Symbol('absent');

/**
 * An object of the given properties: required ones (almost) always, each optional one now and
 * then. Shrinks towards fewer properties.
 */
function objectArb(
  properties: Record<string, Json>,
  required: string[],
  mode: Mode,
  op: Operation | undefined,
  depth = 0,
): fc.Arbitrary<Json> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const value = valueFor(name, schema, mode, op, depth);
    const isRequired = required.includes(name);
    const absentWeight = isRequired ? (mode === 'valid' ? 0 : 1) : 6;
    model[name] =
      absentWeight === 0
        ? value
        : fc.oneof(
            // cross-shrink: a counterexample loses the parameters it does not need
            { withCrossShrink: true },
            { weight: absentWeight, arbitrary: fc.constant(ABSENT) },
            { weight: isRequired ? 12 : 1, arbitrary: value },
          );
  }
  return fc
    .record(model)
    .map((record) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ABSENT)) as Json);
}

// ---------------------------------------------------------------------------------------------
// Requests

export const ROLES = [
  'anonymous',
  'administrator',
  'editor',
  'author',
  'author2',
  'contributor',
  'subscriber',
  'basic-administrator',
  'bad-token',
  'bad-basic',
  'malformed-authorization',
] as const;
export type FuzzRole = (typeof ROLES)[number];

const roleArb = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant<FuzzRole>('anonymous') },
  { weight: 5, arbitrary: fc.constant<FuzzRole>('administrator') },
  { weight: 2, arbitrary: fc.constantFrom<FuzzRole>('editor', 'author', 'contributor') },
  { weight: 1, arbitrary: fc.constantFrom<FuzzRole>('author2', 'subscriber', 'basic-administrator') },
  { weight: 1, arbitrary: fc.constantFrom<FuzzRole>('bad-token', 'bad-basic', 'malformed-authorization') },
);

const BAD_CREDENTIALS = new Set<FuzzRole>(['bad-token', 'bad-basic', 'malformed-authorization']);
/**
 * Requests with bad credentials per run. The server throttles failed authentication per client
 * address (10 a minute, then 429 for every request with credentials, valid ones included): past
 * this budget such requests go out anonymously, so that the rest of the run is not locked out.
 */
const BAD_CREDENTIAL_BUDGET = 5;

type BodyDraft =
  | { as: 'none' }
  | { as: 'json' | 'form' | 'query'; value: Json }
  | { as: 'malformed-json'; value: Json; mutation: string }
  | { as: 'raw'; contentType: string; text: string };

/** A request as generated: values may still be PoolRefs. */
interface Draft {
  op: string;
  mode: Mode;
  path: Record<string, unknown>;
  query: Json;
  body: BodyDraft;
  role: FuzzRole;
  arrayStyle: 'brackets' | 'comma';
  headers: Record<string, string>;
}

/** A request as sent. */
export interface FuzzRequest {
  operation: string;
  method: string;
  /** Path and query string, as sent (relative to the server). */
  url: string;
  query: Json;
  role: FuzzRole;
  headers: Record<string, string>;
  contentType?: string;
  body?: string;
}

function pathValue(name: string, op: Operation, mode: Mode): fc.Arbitrary<unknown> {
  const kind = op.kind ?? 'event';
  const others = KINDS.filter((k) => k !== kind);
  if (name === 'slug') {
    const valid = ref(`${kind}.slug`);
    if (mode === 'valid') return valid;
    return fc.oneof(
      { weight: 4, arbitrary: valid },
      { weight: 1, arbitrary: ref(`${kind}.gone.slug`) },
      { weight: 1, arbitrary: fc.constantFrom(...others).chain((k) => ref(`${k}.slug`)) },
      {
        weight: 2,
        arbitrary: fc.constantFrom<unknown>(
          'no-such-slug',
          'café-ñ',
          'UPPER-Case',
          'a'.repeat(200),
          'a'.repeat(201),
          'a'.repeat(600),
          ' ',
          '"quoted"',
          'a.b',
          '%',
          'slug/with/slashes',
          'emoji-😀',
          'nul\u0000',
          '\ud800',
          new RawSegment('%ZZ'),
          new RawSegment('%E0%A4%A'),
          new RawSegment('%C0%AF'),
          new RawSegment('%00'),
        ),
      },
    );
  }
  const valid = ref(`${kind}.id`);
  if (mode === 'valid') return valid;
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: ref(`${kind}.gone.id`) },
    { weight: 1, arbitrary: fc.constantFrom(...others).chain((k) => ref(`${k}.id`)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        0,
        1,
        UNKNOWN_ID,
        MAX_SAFE,
        '9007199254740992',
        '99999999999999999999999',
        '00001',
        '-1',
        '1.5',
        'abc',
        '1e3',
        new RawSegment('%31'),
        new RawSegment('%ZZ'),
      ),
    },
  );
}

const CONTENT_TYPE_PROBES: { contentType: string; text: string }[] = [
  { contentType: 'text/plain', text: '{"title":"Plain text"}' },
  { contentType: 'application/xml', text: '<event><title>x</title></event>' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n--x--' },
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json', text: '[1,2,3]' },
  { contentType: 'application/json', text: '"just a string"' },
  { contentType: 'application/json', text: '42' },
  { contentType: 'application/json', text: 'null' },
  { contentType: 'application/json', text: '[{"title":"x"}]' },
  { contentType: 'application/json', text: '{"title":"x","title":"y"}' },
  { contentType: 'application/json', text: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
  { contentType: 'application/json', text: '\uFEFF{"title":"bom"}' },
  { contentType: 'application/json; charset=latin1', text: '{"title":"x"}' },
  { contentType: 'application/x-www-form-urlencoded', text: '%%%&&==&a[=1&b]=2&c[][]=3' },
  { contentType: 'application/x-www-form-urlencoded', text: '' },
  { contentType: 'application/octet-stream', text: '\u0000\u0001\u0002' },
];
const MUTATIONS = ['truncate', 'trailing-comma', 'single-quotes', 'garbage-prefix', 'unquoted-key', 'nan'];

function bodyDraft(op: Operation, mode: Mode): fc.Arbitrary<BodyDraft> {
  if (!op.body) {
    // DELETE may carry a body; nothing else here can (fetch refuses GET bodies)
    if (op.method !== 'DELETE' || mode === 'valid') return fc.constant<BodyDraft>({ as: 'none' });
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<BodyDraft>({ as: 'none' }) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPE_PROBES).map((p): BodyDraft => ({ as: 'raw', ...p })) },
    );
  }
  let fields = withUnknownParams(objectArb(op.body.properties, op.body.required, mode, op), mode);
  if (op.body.properties.start_date && op.body.properties.end_date) {
    // most event writes get an ordered start/end pair (otherwise most creates fail on end_date)
    fields = fc
      .tuple(fields, fc.option(datePair, { freq: 3, nil: undefined }))
      .map(([record, pair]) => (pair ? { ...record, ...pair } : record));
  }
  const shaped = [
    { weight: 8, arbitrary: fields.map((value): BodyDraft => ({ as: 'json', value })) },
    { weight: 2, arbitrary: fields.map((value): BodyDraft => ({ as: 'form', value })) },
    { weight: 1, arbitrary: fields.map((value): BodyDraft => ({ as: 'query', value })) },
  ];
  if (mode === 'valid') return fc.oneof(...shaped);
  return fc.oneof(
    ...shaped,
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom(...MUTATIONS))
        .map(([value, mutation]): BodyDraft => ({ as: 'malformed-json', value, mutation })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPE_PROBES).map((p): BodyDraft => ({ as: 'raw', ...p })) },
  );
}

function headersArb(op: Operation, mode: Mode): fc.Arbitrary<Record<string, string>> {
  if (mode === 'valid' || op.method === 'GET') return fc.constant({});
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('*', '"stale"', 'W/"stale"', 'garbage', '"a", "b"', '')
        .map((tag) => ({ 'if-match': tag })),
    },
  );
}

/** Parameters no route documents (contract §6: ignored), prototype keys included (own properties, via JSON.parse). */
const UNKNOWN_PARAMS: Json[] = [
  { _embed: '1' },
  // (Not `_fields` or `_envelope`: WordPress's global parameters reshape the answer on purpose;
  // test/api/global-params.test.ts covers them.)
  { _locale: 'user' },
  { rest_route: '/svc/events/v1/venues' },
  { site: 'other' },
  { id: 1 },
  JSON.parse('{"__proto__": {"polluted": "yes"}}') as Json,
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}') as Json,
];

function withUnknownParams(arbitrary: fc.Arbitrary<Json>, mode: Mode): fc.Arbitrary<Json> {
  if (mode === 'valid') return arbitrary;
  return fc
    .tuple(arbitrary, fc.option(fc.constantFrom(...UNKNOWN_PARAMS), { freq: 8, nil: undefined }))
    .map(([value, extra]) => (extra ? Object.assign(JSON.parse(JSON.stringify(extra)) as Json, value) : value));
}

function draftArb(op: Operation, mode: Mode): fc.Arbitrary<Draft> {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p.name, op, mode)])));
  const query = withUnknownParams(
    objectArb(
      Object.fromEntries(op.queryParams.map((p) => [p.name, p.schema])),
      op.queryParams.filter((p) => p.required).map((p) => p.name),
      mode,
      op,
    ),
    mode,
  );
  return fc
    .record({
      path,
      query,
      body: bodyDraft(op, mode),
      role: roleArb,
      arrayStyle: fc.constantFrom<Draft['arrayStyle']>('brackets', 'comma'),
      headers: headersArb(op, mode),
    })
    .map((parts) => ({ op: op.key, mode, ...parts }));
}

/** Every operation, weighted: reads most, writes next, deletes and undocumented methods least. */
export function requestArbitrary(operations: Operation[]): fc.Arbitrary<Draft> {
  const weighted = operations.flatMap((op) => {
    if (!op.documented) return [{ weight: 1, arbitrary: draftArb(op, 'mixed') }];
    const weight = op.method === 'GET' ? 12 : op.method === 'DELETE' ? 3 : 6;
    return [
      { weight, arbitrary: draftArb(op, 'valid') },
      { weight, arbitrary: draftArb(op, 'mixed') },
    ];
  });
  return fc.oneof(...weighted);
}

// --- encoding

/** encodeURIComponent that never throws (lone surrogates go out as the raw bytes of their UTF-8 encoding). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          const code = ch.charCodeAt(0);
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
  }
}

function scalar(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** PHP-style pairs: `a[]=1&a[]=2`, `a[k]=v` (or `a=1,2` for flat lists in the comma style). */
function pairs(key: string, value: unknown, style: Draft['arrayStyle'], depth = 0): [string, string][] {
  if (value === undefined) return [];
  if (depth > 4) return [[key, scalar(value)]];
  if (Array.isArray(value)) {
    if (value.length === 0) return [[key, '']];
    if (style === 'comma' && value.every((v) => v === null || typeof v !== 'object'))
      return [[key, value.map(scalar).join(',')]];
    return value.flatMap((v, i) => pairs(depth === 0 ? `${key}[]` : `${key}[${i}]`, v, style, depth + 1));
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [[key, '']];
    return entries.flatMap(([k, v]) => pairs(`${key}[${k}]`, v, style, depth + 1));
  }
  return [[key, scalar(value)]];
}

function encodePairs(values: Json, style: Draft['arrayStyle']): string {
  return Object.entries(values)
    .flatMap(([k, v]) => pairs(k, v, style))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
}

function mutate(text: string, mutation: string): string {
  switch (mutation) {
    case 'truncate':
      return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    case 'trailing-comma':
      return text.length > 2 ? `${text.slice(0, -1)},}` : '{,}';
    case 'single-quotes':
      return text.replace(/"/g, "'");
    case 'garbage-prefix':
      return `)]}'\n${text}`;
    case 'unquoted-key':
      return text.replace(/"(\w+)":/, '$1:');
    default:
      return text.length > 2 ? `${text.slice(0, -1)},"nan":NaN}` : '{"nan":NaN}';
  }
}

function authorization(server: TestServer, role: FuzzRole): Record<string, string> {
  switch (role) {
    case 'anonymous':
      return {};
    case 'bad-token':
      return { authorization: 'Bearer not-a-real-token' };
    case 'bad-basic':
      return { authorization: `Basic ${Buffer.from('administrator:wrong').toString('base64')}` };
    case 'malformed-authorization':
      return { authorization: 'Basic !!!not base64' };
    case 'basic-administrator':
      return {
        authorization: `Basic ${Buffer.from(`administrator:${server.tokens.administrator}`).toString('base64')}`,
      };
    default:
      return { authorization: `Bearer ${server.tokens[role]}` };
  }
}

function materialize(draft: Draft, op: Operation, pools: Pools): FuzzRequest {
  let path = op.path === '/' ? '' : op.path;
  path = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pools.resolve(draft.path[name]);
    return value instanceof RawSegment ? value.text : encode(scalar(value));
  });
  const query = pools.resolve(draft.query) as Json;
  const request: FuzzRequest = {
    operation: op.key,
    method: op.method,
    url: '',
    query,
    role: draft.role,
    headers: { ...draft.headers },
  };
  const body = draft.body;
  if (body.as === 'query') Object.assign(query, pools.resolve(body.value));
  else if (body.as === 'json') {
    request.contentType = 'application/json';
    request.body = JSON.stringify(pools.resolve(body.value));
  } else if (body.as === 'form') {
    request.contentType = 'application/x-www-form-urlencoded';
    request.body = encodePairs(pools.resolve(body.value) as Json, draft.arrayStyle);
  } else if (body.as === 'malformed-json') {
    request.contentType = 'application/json';
    request.body = mutate(JSON.stringify(pools.resolve(body.value)), body.mutation);
  } else if (body.as === 'raw') {
    request.contentType = body.contentType;
    request.body = body.text;
  }
  const qs = encodePairs(query, draft.arrayStyle);
  request.url = `${API}${path}${qs ? `?${qs}` : ''}`;
  return request;
}

async function send(server: TestServer, request: FuzzRequest): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers, ...authorization(server, request.role) };
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  const response = await fetch(server.url + request.url, { method: request.method, headers, body: request.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the checks say so
  }
  return { status: response.status, headers: response.headers, body, text };
}

// ---------------------------------------------------------------------------------------------
// Checks

/** The document with every object closed (additionalProperties: false unless it says otherwise). */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, closed(v)]))
        : closed(value);
  }
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined && !copy.patternProperties)
    copy.additionalProperties = false;
  return copy;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.ajv.addSchema({ ...(closed(doc) as Json), $id: 'urn:almanac:doc' });
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `urn:almanac:doc${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** The schema errors of `body` against the schema at `pointer` (undefined when it validates). */
  errors(pointer: string, body: unknown): string | undefined {
    const validate = this.validator(pointer);
    if (validate(body)) return undefined;
    return (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
  }

  /** The problems of one response; empty when every property holds. */
  check(op: Operation, response: Response): string[] {
    const problems: string[] = [];
    const { status, body } = response;
    const contentType = response.headers.get('content-type') ?? '';
    if (status >= 500) problems.push(`status ${status} (a server error)`);
    if (status >= 400) {
      if (!/^application\/json/.test(contentType)) problems.push(`error response is ${contentType || 'untyped'}`);
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        problems.push('error body is not a JSON object');
        return problems;
      }
      const error = body as { code?: unknown; data?: { status?: unknown } };
      if (typeof error.code !== 'string') problems.push('error body has no string `code`');
      if (error.data?.status !== status)
        problems.push(`error body data.status is ${JSON.stringify(error.data?.status)}, not ${status}`);
      const invalid = this.errors('#/components/schemas/Error', body);
      if (invalid) problems.push(`error body does not match the Error schema: ${invalid}`);
      return problems;
    }
    if (status >= 200 && status < 300) {
      if (!op.documented) {
        problems.push(`${status} for a method the document does not list`);
        return problems;
      }
      const documented = op.responses[String(status)];
      if (!documented) {
        problems.push(`${status} is not a documented response of ${op.key}`);
        return problems;
      }
      if (!documented.content?.['application/json']) return problems; // documented without a schema (the service docs)
      if (!/^application\/json/.test(contentType)) problems.push(`2xx response is ${contentType || 'untyped'}`);
      if (typeof body !== 'object' || body === null) {
        problems.push('2xx body is not JSON');
        return problems;
      }
      const pointer = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      const invalid = this.errors(pointer, body);
      if (invalid) problems.push(`2xx body does not match the documented schema: ${invalid}`);
    }
    return problems;
  }
}

/** `PRAGMA integrity_check` and `PRAGMA foreign_key_check` of the server's database; empty when both pass. */
export function checkDatabase(server: TestServer): string[] {
  const problems: string[] = [];
  const integrity = server.store.db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
  if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok')
    problems.push(`PRAGMA integrity_check: ${JSON.stringify(integrity).slice(0, 1000)}`);
  const foreignKeys = server.store.db.prepare('PRAGMA foreign_key_check').all();
  if (foreignKeys.length > 0)
    problems.push(
      `PRAGMA foreign_key_check: ${foreignKeys.length} rows, ${JSON.stringify(foreignKeys).slice(0, 1000)}`,
    );
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The run

export interface Failure {
  /** 1-based position of the request in the run (shrinking requests included). */
  index: number;
  /** The generated request (1-based fast-check run) this failure is, or was shrunk from. */
  run: number;
  shrunk: boolean;
  request: FuzzRequest;
  status: number;
  responseText: string;
  problems: string[];
}

export interface FuzzOptions {
  /** Generated requests (fast-check runs). */
  requests: number;
  seed: number;
  /**
   * true: stop at the first failure and let fast-check shrink it (at most `maxShrinkRequests`
   * more requests) to a smaller counterexample; false: run every request and collect failures.
   */
  stopOnFailure: boolean;
  maxShrinkRequests?: number;
  /** Called after every request (progress output). */
  onRequest?: (index: number, request: FuzzRequest, response: Response) => void;
}

export interface FuzzSummary {
  seed: number;
  /** Requests sent by the generator (shrinking included; seeding not). */
  requests: number;
  seedRequests: number;
  durationMs: number;
  statuses: Map<number, number>;
  /** Per operation: status → count. */
  operations: Map<string, Map<number, number>>;
  /** 2xx bodies validated against a documented schema. */
  validatedBodies: number;
  /** Requests whose response broke a property (with stopOnFailure, the shrinking ones included). */
  failedRequests: number;
  failures: Failure[];
  /** stopOnFailure: the first failing request as generated, and the shrunk counterexample. */
  firstFailure?: Failure;
  counterexample?: Failure;
  database: string[];
}

function count<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Seeds the data set, then sends `options.requests` generated requests and checks each response and the database. */
export async function runFuzz(server: TestServer, options: FuzzOptions): Promise<FuzzSummary> {
  const started = Date.now();
  const doc = await fetchDocument(server);
  const checker = new ResponseChecker(doc);
  const operations = operationsOf(doc);
  const byKey = new Map(operations.map((op) => [op.key, op]));
  const { pools, requests: seedRequests } = await seedData(server);
  const summary: FuzzSummary = {
    seed: options.seed,
    requests: 0,
    seedRequests: seedRequests + 1, // and GET /doc
    durationMs: 0,
    statuses: new Map(),
    operations: new Map(operations.map((op) => [op.key, new Map()])),
    validatedBodies: 0,
    failedRequests: 0,
    failures: [],
    database: [],
  };
  const maxShrink = options.maxShrinkRequests ?? 300;
  let shrinkRequests = 0;
  let badCredentials = 0;

  const property = fc.asyncProperty(requestArbitrary(operations), async (draft) => {
    if (summary.firstFailure) {
      if (shrinkRequests >= maxShrink) return true; // shrinking budget spent: keep the last counterexample
      shrinkRequests++;
    }
    const op = byKey.get(draft.op)!;
    const request = materialize(draft, op, pools);
    if (BAD_CREDENTIALS.has(request.role) && ++badCredentials > BAD_CREDENTIAL_BUDGET) request.role = 'anonymous';
    const response = await send(server, request);
    summary.requests++;
    count(summary.statuses, response.status);
    count(summary.operations.get(op.key)!, response.status);
    options.onRequest?.(summary.requests, request, response);
    const problems = checker.check(op, response);
    if (problems.length === 0 && response.status < 300 && op.responses[String(response.status)]?.content)
      summary.validatedBodies++;
    if (response.status >= 200 && response.status < 300 && op.kind && op.documented) {
      const permanent = op.kind === 'category' || op.kind === 'tag' || /(^|&)force=(true|1)(&|$)/.test(request.url);
      if (op.method === 'DELETE' && permanent) pools.retire(op.kind, response.body);
      else if (op.method !== 'GET') pools.addItem(op.kind, response.body);
    }
    if (problems.length === 0) return true;
    summary.failedRequests++;
    const failure: Failure = {
      index: summary.requests,
      run: summary.firstFailure?.run ?? summary.requests - shrinkRequests,
      shrunk: summary.firstFailure !== undefined,
      request,
      status: response.status,
      responseText: response.text,
      problems,
    };
    if (!options.stopOnFailure) {
      summary.failures.push(failure);
      return true;
    }
    summary.firstFailure ??= failure;
    summary.counterexample = failure;
    throw new Error(problems.join('\n'));
  });

  await fc.check(property, { seed: options.seed, numRuns: options.requests, endOnFailure: false });
  if (summary.firstFailure) summary.failures.push(summary.counterexample ?? summary.firstFailure);
  summary.database = checkDatabase(server);
  summary.durationMs = Date.now() - started;
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Reports

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function printable(value: unknown): string {
  try {
    return clip(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? clip(v, 120) : v)) ?? 'undefined');
  } catch {
    return String(value);
  }
}

/** The failing request and response, with what it takes to replay it. */
export function formatFailure(failure: Failure, seed: number): string {
  const { request } = failure;
  const lines = [
    failure.shrunk
      ? `counterexample shrunk from request #${failure.run} of the run with seed ${seed} (replay: npm run fuzz -- --seed ${seed} --requests ${failure.run} --stop)`
      : `request #${failure.run} of the run with seed ${seed} (replay: npm run fuzz -- --seed ${seed} --requests ${failure.run})`,
    `  ${request.method} ${clip(request.url, 800)}`,
    `  operation: ${request.operation}    token: ${request.role}`,
  ];
  if (Object.keys(request.query).length) lines.push(`  query: ${printable(request.query)}`);
  if (Object.keys(request.headers).length) lines.push(`  headers: ${printable(request.headers)}`);
  if (request.body !== undefined)
    lines.push(`  body (${request.contentType}, ${Buffer.byteLength(request.body)} bytes): ${clip(request.body)}`);
  lines.push(`  → ${failure.status} ${clip(failure.responseText, 400)}`);
  for (const problem of failure.problems) lines.push(`  ✗ ${clip(problem, 1500)}`);
  return lines.join('\n');
}

/** Failures grouped by operation, status and problem (the first example of each group). */
export function groupFailures(failures: Failure[]): { example: Failure; count: number }[] {
  const groups = new Map<string, { example: Failure; count: number }>();
  for (const failure of failures) {
    const key = `${failure.request.operation}|${failure.status}|${failure.problems.map((p) => p.slice(0, 80)).join('|')}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { example: failure, count: 1 });
  }
  return [...groups.values()];
}

export function formatSummary(summary: FuzzSummary): string {
  const lines: string[] = [];
  lines.push(
    `seed ${summary.seed}: ${summary.requests} requests (+${summary.seedRequests} to seed the data set) in ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
  const statuses = [...summary.statuses.entries()].sort(([a], [b]) => a - b);
  lines.push(`statuses: ${statuses.map(([s, n]) => `${s}×${n}`).join('  ')}`);
  lines.push(`2xx bodies validated against the document: ${summary.validatedBodies}`);
  const unexercised = [...summary.operations.entries()].filter(([, m]) => m.size === 0).map(([k]) => k);
  if (unexercised.length && !summary.counterexample) lines.push(`operations not exercised: ${unexercised.join(', ')}`);
  lines.push(
    `database: ${summary.database.length ? summary.database.join('; ') : 'integrity ok, no foreign key violations'}`,
  );
  return lines.join('\n');
}
