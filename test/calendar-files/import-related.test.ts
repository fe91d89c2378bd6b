// Issue 31: "No duplicate venues and organizers". A Google LOCATION made a second venue of one the
// site had (with the whole string in Address), an ORGANIZER with the e-mail of an existing
// organizer a second organizer. The import splits an address into its fields, matches venues by
// name and address and organizers by e-mail, and its summary says what it creates besides events
// and what it links to that exists.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import type { OperationContext } from '../../server/operations/context.ts';
import { runImport } from '../../server/calendar-files/import-plan.ts';
import type { ImportedEvent } from '../../server/calendar-files/imported-event.ts';

let server: TestServer;
const IMPORT = 'almanac/v1/import';

function newSite(code: string) {
  const site = server.store.sites.create({ code, title: code, timezone: 'Europe/Berlin', language: 'en' });
  for (const [login, id] of Object.entries(server.userIds))
    server.store.users.setRole(site.id, id, login === 'author2' ? 'author' : (login as 'administrator'));
  return site;
}

async function upload(site: string, body: string, query: Record<string, string> = {}) {
  return server.request('POST', `/${site}/${IMPORT}`, {
    raw: { body, contentType: 'text/calendar' },
    query,
    token: server.tokens.administrator,
  });
}

async function list(site: string, kind: 'venues' | 'organizers' | 'categories') {
  const response = await server.admin('GET', `/${site}/svc/events/v1/${kind}`, { query: { per_page: 50 } });
  return response.body[kind] as Record<string, unknown>[];
}

function calendar(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function event(uid: string, start: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, `SUMMARY:${uid}`, `DTSTART:${start}`, ...lines, 'END:VEVENT'];
}

const KESSELHAUS = 'LOCATION:Kulturbrauerei Kesselhaus\\, Schönhauser Allee 36\\, 10435 Berlin\\, Germany';

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

describe('venues and organizers the site has are linked, not copied', () => {
  test("the issue's Google export: the venue matched by name and address, the organizer by e-mail", async () => {
    newSite('kesselhaus');
    const venue = await server.admin('POST', '/kesselhaus/svc/events/v1/venues', {
      json: {
        venue: 'Kulturbrauerei Kesselhaus',
        address: 'Schönhauser Allee 36',
        city: 'Berlin',
        zip: '10435',
        country: 'Germany',
      },
    });
    const organizer = await server.admin('POST', '/kesselhaus/svc/events/v1/organizers', {
      json: { organizer: 'Berlin Jazz Club', email: 'booking@jazzclub.example' },
    });
    const music = await server.admin('POST', '/kesselhaus/svc/events/v1/categories', { json: { name: 'Music' } });
    const file = calendar(
      event(
        'gig-1@google.com',
        '20270305T190000Z',
        KESSELHAUS,
        'ORGANIZER;CN=Jazz Booking:mailto:Booking@JazzClub.example',
        'CATEGORIES:Music,Late night',
      ),
      event(
        'gig-2@google.com',
        '20270312T190000Z',
        KESSELHAUS,
        'ORGANIZER;CN=Jazz Booking:mailto:booking@jazzclub.example',
      ),
    );

    const preview = await upload('kesselhaus', file, { dry_run: 'true' });
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(preview.body.related, {
      venues: {
        created: 0,
        existing: 1,
        items: [
          {
            name: 'Kulturbrauerei Kesselhaus',
            action: 'existing',
            id: venue.body.id,
            matched_by: 'address',
            detail: 'Schönhauser Allee 36, 10435 Berlin, Germany',
            events: 2,
          },
        ],
      },
      organizers: {
        created: 0,
        existing: 1,
        items: [
          {
            name: 'Berlin Jazz Club',
            action: 'existing',
            id: organizer.body.id,
            matched_by: 'email',
            file_name: 'Jazz Booking',
            detail: 'Booking@JazzClub.example',
            events: 2,
          },
        ],
      },
      categories: {
        created: 1,
        existing: 1,
        items: [
          { name: 'Music', action: 'existing', id: music.body.id, matched_by: 'name', events: 1 },
          { name: 'Late night', action: 'create', events: 1 },
        ],
      },
      tags: { created: 0, existing: 0, items: [] },
    });

    const imported = await upload('kesselhaus', file);
    assert.equal(imported.body.created, 2);
    assert.deepEqual(imported.body.related, preview.body.related, 'the import does what its preview said');
    assert.equal((await list('kesselhaus', 'venues')).length, 1, 'no second Kesselhaus');
    assert.equal((await list('kesselhaus', 'organizers')).length, 1, 'no second organizer');
    const events = (
      await server.admin('GET', '/kesselhaus/svc/events/v1/events', { query: { start_date: '2027-01-01' } })
    ).body.events;
    for (const e of events) {
      assert.equal(e.venue.id, venue.body.id);
      assert.deepEqual(
        e.organizer.map((o: { id: number }) => o.id),
        [organizer.body.id],
      );
    }
  });

  test('a new venue is created with its address split into street, ZIP, city and country', async () => {
    newSite('new-venue');
    const preview = await upload(
      'new-venue',
      calendar(event('lido', '20270305T190000Z', 'LOCATION:Lido\\, Cuvrystraße 7\\, 10997 Berlin\\, Germany')),
      { dry_run: 'true' },
    );
    assert.deepEqual(preview.body.related.venues, {
      created: 1,
      existing: 0,
      items: [{ name: 'Lido', action: 'create', detail: 'Cuvrystraße 7, 10997 Berlin, Germany', events: 1 }],
    });
    await upload(
      'new-venue',
      calendar(event('lido', '20270305T190000Z', 'LOCATION:Lido\\, Cuvrystraße 7\\, 10997 Berlin\\, Germany')),
    );
    const [venue] = await list('new-venue', 'venues');
    assert.deepEqual(
      [venue?.venue, venue?.address, venue?.zip, venue?.city, venue?.country],
      ['Lido', 'Cuvrystraße 7', '10997', 'Berlin', 'Germany'],
    );
  });

  test('same name, another address: another venue; an address stored whole by an earlier import still matches', async () => {
    newSite('halls');
    const elm = await server.admin('POST', '/halls/svc/events/v1/venues', {
      json: { venue: 'Main Hall', address: '1 Elm St', city: 'Springfield', state: 'IL', zip: '62701' },
    });
    const whole = await server.admin('POST', '/halls/svc/events/v1/venues', {
      json: { venue: 'Kesselhaus', address: 'Schönhauser Allee 36, 10435 Berlin, Germany' },
    });
    const preview = await upload(
      'halls',
      calendar(
        event('a', '20270305T190000Z', 'LOCATION:Main Hall\\, 1 Elm St\\, Springfield\\, IL 62701'),
        event('b', '20270306T190000Z', 'LOCATION:MAIN HALL\\, 99 Oak Ave\\, Shelbyville\\, IL 62565'),
        event('c', '20270307T190000Z', 'LOCATION:Kesselhaus\\, Schönhauser Allee 36\\, 10435 Berlin\\, Germany'),
        event('d', '20270308T190000Z', 'LOCATION:Main Hall'),
      ),
      { dry_run: 'true' },
    );
    assert.deepEqual(
      preview.body.related.venues.items.map((v: { name: string; action: string; id?: number; matched_by?: string }) => [
        v.name,
        v.action,
        v.id,
        v.matched_by,
      ]),
      [
        ['Main Hall', 'existing', elm.body.id, 'address'],
        ['MAIN HALL', 'create', undefined, undefined],
        ['Kesselhaus', 'existing', whole.body.id, 'address'],
        ['Main Hall', 'existing', elm.body.id, 'name'],
      ],
    );
  });

  test('an organizer without e-mail matches by name, unless the one of that name has another e-mail', async () => {
    newSite('people');
    const ana = await server.admin('POST', '/people/svc/events/v1/organizers', {
      json: { organizer: 'Ana', email: 'ana@example.org' },
    });
    const preview = await upload(
      'people',
      calendar(
        event('a', '20270305T190000Z', 'ORGANIZER;CN=Ana:mailto:ana.other@example.net'),
        event('b', '20270306T190000Z', 'ORGANIZER;CN=Ana:mailto:ana@example.org'),
        event('c', '20270307T190000Z', 'X-ALMANAC-ORGANIZER;CN=Ana:'),
      ),
      { dry_run: 'true' },
    );
    assert.deepEqual(
      preview.body.related.organizers.items.map(
        (o: { name: string; action: string; id?: number; matched_by?: string }) => [
          o.name,
          o.action,
          o.id,
          o.matched_by,
        ],
      ),
      [
        ['Ana', 'create', undefined, undefined],
        ['Ana', 'existing', ana.body.id, 'email'],
        ['Ana', 'existing', ana.body.id, 'name'],
      ],
    );
  });

  test('a skipped event creates nothing and counts nothing', async () => {
    newSite('skipped-related');
    const preview = await upload(
      'skipped-related',
      calendar(event('bad', '2027-13-45', 'LOCATION:Nowhere', 'CATEGORIES:Ghost')),
      { dry_run: 'true' },
    );
    assert.equal(preview.body.skipped, 1);
    assert.deepEqual(preview.body.related.venues, { created: 0, existing: 0, items: [] });
    assert.deepEqual(preview.body.related.categories, { created: 0, existing: 0, items: [] });
  });
});

test('should the API refuse an optional field the readers let through, the event is kept without it', () => {
  const site = newSite('drift');
  const admin = server.store.users.installAdministrator()!;
  const ctx: OperationContext = {
    store: server.store,
    site,
    actor: { userId: admin.id, login: admin.login, role: 'administrator' },
  };
  const base: ImportedEvent = {
    uid: 'drift-1',
    line: 3,
    title: 'Drift',
    description: '',
    start: '2027-03-01 10:00:00',
    end: '2027-03-01 11:00:00',
    timezone: 'Europe/Berlin',
    allDay: false,
    website: 'not a web address',
    venue: { name: 'Hall', website: 'also not one' },
    organizers: [],
    categories: [],
    tags: [],
  };
  const summary = server.store.writing(() =>
    runImport(ctx, { events: [base], skipped: [], warnings: [], series: [] }, { dryRun: true, calendarKey: 'x' }),
  );
  assert.equal(summary.created, 1);
  assert.deepEqual(
    summary.warnings.map((w) => [w.line, w.code, w.params?.fields]),
    [[3, 'field_dropped', 'website, venue']],
  );
  assert.deepEqual(summary.related?.venues, { created: 0, existing: 0, items: [] });
});
