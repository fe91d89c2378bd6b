// What the website-sync tests publish: varied events made through Almanac's own API, and an image
// served over HTTP (the sync reads it, uploads its bytes once).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { API, type TestServer } from '../support/server.ts';
import { inDays } from './harness.ts';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface ImageServer {
  url: string;
  /** How many times each path was read. */
  reads: Map<string, number>;
  close(): Promise<void>;
}

export async function serveImages(): Promise<ImageServer> {
  const reads = new Map<string, number>();
  const server = http.createServer((req, res) => {
    reads.set(req.url ?? '', (reads.get(req.url ?? '') ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
    res.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function create(almanac: TestServer, path: string, json: unknown): Promise<number> {
  const response = await almanac.admin('POST', `${API}/${path}`, { json });
  assert.equal(response.status, 201, response.text);
  return response.body.id as number;
}

export interface Published {
  events: number[];
  venue: number;
  organizers: number[];
  categories: { music: number; jazz: number; theatre: number };
  tags: number[];
}

/** Thirty varied events (issue 38's acceptance list), and what they name. */
export async function thirtyEvents(almanac: TestServer, images: ImageServer): Promise<Published> {
  const venue = await create(almanac, 'venues', {
    venue: 'Kulturbrauerei',
    address: 'Schönhauser Allee 36',
    city: 'Berlin',
    country: 'Germany',
  });
  const organizers = [
    await create(almanac, 'organizers', { organizer: 'Alice Promotions', email: 'alice@example.com' }),
    await create(almanac, 'organizers', { organizer: 'Bob & Sons', phone: '+49 30 1234' }),
  ];
  const music = await create(almanac, 'categories', { name: 'Music' });
  const jazz = await create(almanac, 'categories', { name: 'Jazz', parent: music });
  const theatre = await create(almanac, 'categories', { name: 'Theatre & Dance' });
  const tags = [await create(almanac, 'tags', { name: 'Outdoor' }), await create(almanac, 'tags', { name: 'Family' })];
  const specs: Record<string, unknown>[] = [
    { title: 'All-day fair', start_date: inDays(3, '00:00'), end_date: inDays(3, '23:59'), all_day: true },
    {
      title: 'Three-day festival',
      start_date: inDays(6, '00:00'),
      end_date: inDays(8, '23:59'),
      all_day: true,
      categories: [music],
    },
    {
      title: 'Berlin jazz night',
      start_date: inDays(10, '19:30', 'Europe/Berlin'),
      end_date: inDays(10, '23:00', 'Europe/Berlin'),
      timezone: 'Europe/Berlin',
      cost: '€15',
      venue,
      organizer: organizers,
      categories: [jazz],
      tags: [tags[0]],
      featured: true,
      image: `${images.url}/poster.png`,
    },
    {
      title: 'Sunrise yoga',
      start_date: '2027-06-01 06:00',
      end_date: '2027-06-01 07:00',
      timezone: 'UTC+2',
      cost: '5,50 €',
    },
    { title: 'Dollar show', start_date: inDays(12, '20:00'), end_date: inDays(12, '22:00'), cost: '$20' },
    {
      title: 'Price range concert',
      start_date: inDays(13, '20:00'),
      end_date: inDays(13, '22:00'),
      cost: ['10', '20'],
    },
    { title: 'Free picnic', start_date: inDays(14, '12:00'), end_date: inDays(14, '15:00'), cost: 'Free', tags },
    {
      title: 'Featured gala',
      start_date: inDays(15, '19:00'),
      end_date: inDays(15, '23:00'),
      featured: true,
      sticky: true,
    },
    {
      title: 'Hidden rehearsal',
      start_date: inDays(16, '18:00'),
      end_date: inDays(16, '20:00'),
      hide_from_listings: true,
    },
    { title: 'Draft idea', start_date: inDays(17, '18:00'), end_date: inDays(17, '20:00'), status: 'draft' },
    {
      title: `St Mary's "Late" Show & more`,
      description:
        '<p>Bring <strong>friends</strong> &amp; family — it\'s "free".</p>\n<ul><li>one</li><li>two</li></ul>',
      excerpt: 'Quotes "here" & <em>there</em>',
      start_date: inDays(18, '21:00'),
      end_date: inDays(18, '23:30'),
      venue,
      categories: [theatre],
    },
    {
      title: 'Multi-day workshop',
      start_date: inDays(20, '09:00'),
      end_date: inDays(22, '17:00'),
      organizer: [organizers[1]],
    },
  ];
  for (let i = specs.length; i < 30; i++) {
    specs.push({
      title: `Session ${i + 1}`,
      description: `<p>Session number ${i + 1}.</p>`,
      start_date: inDays(25 + i, '10:00'),
      end_date: inDays(25 + i, '11:30'),
      website: i % 3 === 0 ? `https://example.org/session/${i + 1}` : undefined,
      categories: i % 2 === 0 ? [music] : [theatre],
      tags: i % 4 === 0 ? [tags[1]] : [],
      venue: i % 5 === 0 ? venue : undefined,
      cost: i % 3 === 1 ? `$${i}` : undefined,
    });
  }
  const events: number[] = [];
  for (const spec of specs) events.push(await create(almanac, 'events', spec));
  return { events, venue, organizers, categories: { music, jazz, theatre }, tags };
}
