// A small, believable calendar for screenshots and end-to-end tests: venues with addresses and
// coordinates, organizers, a category tree, tags, and a month of events around `month`
// ('YYYY-MM'), written through the real HTTP API as any client would.
interface DemoIds {
  venues: Record<string, number>;
  organizers: Record<string, number>;
  categories: Record<string, number>;
  tags: Record<string, number>;
  events: Record<string, number>;
}

// The JSON bodies of the API, as any script sees them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** `call` sends an authorized request to the site's svc/events/v1 root and returns the JSON body. */
export async function seedDemo(call: Call, month: string): Promise<DemoIds> {
  const ids: DemoIds = { venues: {}, organizers: {}, categories: {}, tags: {}, events: {} };
  const venues = [
    {
      venue: 'Blue Note Hall',
      address: '12 Harbour Street',
      city: 'Springfield',
      stateprovince: 'IL',
      country: 'United States',
      geo_lat: 39.7817,
      geo_lng: -89.6501,
    },
    {
      venue: 'Riverside Park',
      address: 'Riverside Drive',
      city: 'Springfield',
      stateprovince: 'IL',
      country: 'United States',
      geo_lat: 39.8,
      geo_lng: -89.64,
    },
    {
      venue: 'Civic Library',
      address: '300 Main Street',
      city: 'Shelbyville',
      stateprovince: 'IL',
      country: 'United States',
      geo_lat: 39.41,
      geo_lng: -88.79,
    },
  ];
  for (const venue of venues) ids.venues[venue.venue] = (await call('POST', 'venues', venue)).id;
  for (const organizer of [
    { organizer: 'Alice Promotions', email: 'alice@example.org', phone: '+1 217 555 0100' },
    { organizer: 'Friends of the Library', email: 'friends@example.org' },
  ])
    ids.organizers[organizer.organizer] = (await call('POST', 'organizers', organizer)).id;
  const music = (await call('POST', 'categories', { name: 'Music' })).id;
  ids.categories.Music = music;
  ids.categories.Jazz = (await call('POST', 'categories', { name: 'Jazz', parent: music })).id;
  ids.categories.Talks = (await call('POST', 'categories', { name: 'Talks' })).id;
  ids.categories.Family = (await call('POST', 'categories', { name: 'Family' })).id;
  for (const tag of ['Free', 'Outdoor', 'Weekly']) ids.tags[tag] = (await call('POST', 'tags', { name: tag })).id;

  const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
  const events = [
    {
      title: 'Jazz night',
      start_date: `${day(5)} 19:30`,
      end_date: `${day(5)} 22:00`,
      categories: [ids.categories.Jazz],
      venue: ids.venues['Blue Note Hall'],
      organizer: [ids.organizers['Alice Promotions']],
      cost: '$35',
      featured: true,
      description: '<p>Three sets of live jazz with the <strong>River Trio</strong>.</p>',
    },
    {
      title: 'Jazz night',
      start_date: `${day(19)} 19:30`,
      end_date: `${day(19)} 22:00`,
      categories: [ids.categories.Jazz],
      venue: ids.venues['Blue Note Hall'],
      cost: '$35',
    },
    {
      title: 'Open-air concert',
      start_date: `${day(13)} 17:00`,
      end_date: `${day(13)} 20:00`,
      categories: [ids.categories.Music],
      tags: [ids.tags.Free, ids.tags.Outdoor],
      venue: ids.venues['Riverside Park'],
      cost: '0',
    },
    {
      title: 'Author talk: city histories',
      start_date: `${day(8)} 18:00`,
      end_date: `${day(8)} 19:30`,
      categories: [ids.categories.Talks],
      venue: ids.venues['Civic Library'],
      organizer: [ids.organizers['Friends of the Library']],
    },
    {
      title: 'Story time',
      start_date: `${day(10)} 10:00`,
      end_date: `${day(10)} 11:00`,
      categories: [ids.categories.Family],
      tags: [ids.tags.Weekly, ids.tags.Free],
      venue: ids.venues['Civic Library'],
    },
    {
      title: 'Story time',
      start_date: `${day(17)} 10:00`,
      end_date: `${day(17)} 11:00`,
      categories: [ids.categories.Family],
      tags: [ids.tags.Weekly, ids.tags.Free],
      venue: ids.venues['Civic Library'],
    },
    {
      title: 'Story time',
      start_date: `${day(24)} 10:00`,
      end_date: `${day(24)} 11:00`,
      categories: [ids.categories.Family],
      tags: [ids.tags.Weekly, ids.tags.Free],
      venue: ids.venues['Civic Library'],
    },
    {
      title: 'Harvest festival',
      start_date: day(21),
      end_date: day(23),
      all_day: true,
      categories: [ids.categories.Family],
      tags: [ids.tags.Outdoor],
      venue: ids.venues['Riverside Park'],
    },
    { title: 'Planning meeting', start_date: `${day(12)} 09:00`, end_date: `${day(12)} 10:00`, status: 'draft' },
    {
      title: 'Choir rehearsal',
      start_date: `${day(15)} 18:00`,
      end_date: `${day(15)} 19:00`,
      categories: [ids.categories.Music],
    },
    {
      title: 'Poetry evening',
      start_date: `${day(15)} 19:30`,
      end_date: `${day(15)} 21:00`,
      categories: [ids.categories.Talks],
    },
    {
      title: 'Board games',
      start_date: `${day(15)} 14:00`,
      end_date: `${day(15)} 16:00`,
      categories: [ids.categories.Family],
    },
    { title: 'Film club', start_date: `${day(15)} 20:00`, end_date: `${day(15)} 22:00` },
    {
      title: 'Late jam session',
      start_date: `${day(15)} 22:00`,
      end_date: `${day(15)} 23:30`,
      categories: [ids.categories.Jazz],
    },
  ];
  for (const event of events) {
    const created = await call('POST', 'events', { status: 'publish', ...event });
    ids.events[`${event.title} ${event.start_date.slice(8, 10)}`] = created.id;
  }
  // Something in the trash: a cancelled event and a venue that closed.
  const cancelled = await call('POST', 'events', {
    title: 'Cancelled workshop',
    start_date: `${day(26)} 14:00`,
    end_date: `${day(26)} 16:00`,
    status: 'publish',
  });
  await call('DELETE', `events/${cancelled.id}`);
  const closed = await call('POST', 'venues', { venue: 'Old Town Hall', city: 'Springfield' });
  await call('DELETE', `venues/${closed.id}`);
  return ids;
}
