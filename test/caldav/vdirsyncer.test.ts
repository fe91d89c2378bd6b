// vdirsyncer (Debian) syncing a calendar with a folder of .ics files, both ways, with edits on
// both sides between syncs — single events, and series with a moved occurrence: against Almanac
// (remote edits through its REST API) and, to show the scenario is right, against Radicale
// (remote edits through python3-caldav).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from '../support/server.ts';
import { calendarKey } from '../../server/app-api/exchange/export-reply.ts';
import { clientStep, missingClients, startRadicale, vdirsyncer, type DavTarget, type Radicale } from './support.ts';
import { calendarOf } from './dav-request.ts';

const skip = await missingClients();

/** What the scenario does on the server's side, not through vdirsyncer. */
interface RemoteSide {
  target: DavTarget;
  /** The calendar's URL for vdirsyncer. */
  calendarUrl: string;
  /** Creates an event; returns the UID it got (Almanac gives its own). */
  create(uid: string, title: string): Promise<string>;
  retitle(uid: string, title: string): Promise<void>;
  title(uid: string): Promise<string | undefined>;
  /** A weekly series of five with its second occurrence moved; returns its UID. */
  createSeries(uid: string, title: string): Promise<string>;
  /** Changes the title of the whole series (what "all events" does). */
  retitleSeries(uid: string, title: string): Promise<void>;
  /** The series' own title and its exceptions' titles by RECURRENCE-ID (UTC). */
  series(uid: string): Promise<{ title: string; exceptions: [string, string][] } | undefined>;
}

function localEvent(uid: string, title: string): string {
  return calendarOf([
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20270415T170000Z',
    'DTEND:20270415T190000Z',
    `SUMMARY:${title}`,
  ]);
}

/** A weekly series of five, its second occurrence moved a day. */
function localSeries(uid: string, title: string): string {
  return calendarOf(
    [
      `UID:${uid}`,
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20270906T170000Z',
      'DTEND:20270906T190000Z',
      'RRULE:FREQ=WEEKLY;COUNT=5',
      `SUMMARY:${title}`,
    ],
    [
      `UID:${uid}`,
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID:20270913T170000Z',
      'DTSTART:20270914T170000Z',
      'DTEND:20270914T190000Z',
      `SUMMARY:${title} (moved)`,
    ],
  );
}

/** The remote series: from, moved from, moved to, excluded (UTC), as createSeries makes it on either server. */
const REMOTE_SERIES = ['20270907T170000Z', '20270914T170000Z', '20270915T170000Z', '20270921T170000Z'];

/** A series as python3-caldav reads it from the server: its title and its exceptions' titles. */
async function seriesThrough(target: DavTarget, uid: string) {
  const read = await clientStep<{ summary?: string; exceptions?: { recurrence_id: string; summary: string }[] }>(
    target,
    'read-series',
    uid,
  );
  if (!read.summary) return undefined;
  return {
    title: read.summary,
    exceptions: (read.exceptions ?? []).map((e): [string, string] => [e.recurrence_id, e.summary]),
  };
}

/** vdirsyncer's configuration for a pair of the remote calendar and a local folder. */
function configFor(dir: string, side: RemoteSide): { config: string; local: string } {
  const local = join(dir, 'local');
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[general]',
      `status_path = "${join(dir, 'status')}/"`,
      '[pair calendar]',
      'a = "calendar_remote"',
      'b = "calendar_local"',
      'collections = null',
      '[storage calendar_remote]',
      'type = "caldav"',
      `url = "${side.calendarUrl}"`,
      `username = "${side.target.user}"`,
      `password = "${side.target.password}"`,
      '[storage calendar_local]',
      'type = "filesystem"',
      `path = "${local}/"`,
      'fileext = ".ics"',
      '',
    ].join('\n'),
  );
  rmSync(local, { recursive: true, force: true });
  mkdirSync(local, { recursive: true });
  return { config, local };
}

/** The file of the folder that holds `uid`. */
function fileIn(local: string, uid: string): string | undefined {
  return readdirSync(local)
    .map((name) => join(local, name))
    .find((path) => readFileSync(path, 'utf8').includes(`UID:${uid}`));
}

function scenario(remote: () => RemoteSide) {
  test('a two-way sync with edits on both sides', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-vdirsyncer-'));
    try {
      const side = remote();
      const { config, local } = configFor(dir, side);
      const stamp = Date.now();
      const localUid = `local-${stamp}@tests`;
      const remoteUid = await side.create(`remote-${stamp}@tests`, 'Made on the server');
      writeFileSync(join(local, `${localUid}.ics`), localEvent(localUid, 'Made in the folder'));

      await vdirsyncer(config, 'discover');
      await vdirsyncer(config, 'sync');
      const fileOf = (uid: string) => fileIn(local, uid);
      assert.ok(fileOf(remoteUid), 'the server’s event reached the folder');
      assert.equal(await side.title(localUid), 'Made in the folder', 'the folder’s event reached the server');

      // Edits on both sides, then a sync: each side gets the other's.
      const remoteFile = fileOf(remoteUid)!;
      writeFileSync(
        remoteFile,
        readFileSync(remoteFile, 'utf8').replace('SUMMARY:Made on the server', 'SUMMARY:Edited in the folder'),
      );
      await side.retitle(localUid, 'Edited on the server');
      const output = await vdirsyncer(config, 'sync');
      assert.equal(await side.title(remoteUid), 'Edited in the folder', output);
      assert.match(readFileSync(fileOf(localUid)!, 'utf8'), /SUMMARY:Edited on the server/, output);

      // Nothing changed since. Almanac stores what a client sends as its own rendering (and so
      // answers a PUT without an ETag, RFC 4791 §5.3.4): the next sync may bring that rendering
      // back to the folder once; after it, syncs copy nothing either way.
      const settle = await vdirsyncer(config, 'sync');
      assert.doesNotMatch(settle, /to calendar_remote/, settle);
      const quiet = await vdirsyncer(config, 'sync');
      assert.doesNotMatch(quiet, /Copying|Updating|Deleting/, quiet);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('series with a moved occurrence, synced both ways with edits on both sides', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'almanac-vdirsyncer-series-'));
    try {
      const side = remote();
      const { config, local } = configFor(dir, side);
      const stamp = Date.now();
      const localUid = `local-series-${stamp}@tests`;
      const remoteUid = await side.createSeries(`remote-series-${stamp}@tests`, 'Choir');
      writeFileSync(join(local, `${localUid}.ics`), localSeries(localUid, 'Yoga'));

      await vdirsyncer(config, 'discover');
      await vdirsyncer(config, 'sync');
      // The folder's series reached the server as a series, its moved occurrence with it.
      assert.deepEqual(await side.series(localUid), {
        title: 'Yoga',
        exceptions: [['20270913T170000Z', 'Yoga (moved)']],
      });
      // The server's series reached the folder as one file: the rule and its exception.
      const remoteFile = fileIn(local, remoteUid);
      assert.ok(remoteFile, 'the server’s series reached the folder');
      const text = readFileSync(remoteFile, 'utf8');
      assert.match(text, /RRULE:FREQ=WEEKLY;COUNT=5/);
      assert.equal((text.match(/BEGIN:VEVENT/g) ?? []).length, 2);
      assert.match(text, /RECURRENCE-ID/);

      // Edits on both sides: the server's series retitled in the folder, the folder's on the server.
      writeFileSync(remoteFile, text.replace(/^SUMMARY:Choir(\r?)$/m, 'SUMMARY:Choir (in the folder)$1'));
      await side.retitleSeries(localUid, 'Yoga (on the server)');
      const output = await vdirsyncer(config, 'sync');
      assert.deepEqual(await side.series(remoteUid), {
        title: 'Choir (in the folder)',
        exceptions: [['20270914T170000Z', 'Choir (moved)']],
      });
      const localText = readFileSync(fileIn(local, localUid)!, 'utf8');
      assert.match(localText, /SUMMARY:Yoga \(on the server\)/, output);
      assert.match(localText, /SUMMARY:Yoga \(moved\)/, 'the exception stays its own');

      // Then quiet: at most Almanac's own rendering comes back once, then nothing moves.
      await vdirsyncer(config, 'sync');
      const quiet = await vdirsyncer(config, 'sync');
      assert.doesNotMatch(quiet, /Copying|Updating|Deleting/, quiet);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

describe('vdirsyncer against Radicale (the scenario is right)', { skip }, () => {
  let radicale: Radicale;
  before(async () => {
    radicale = await startRadicale();
  });
  after(() => radicale?.stop());
  scenario(() => {
    const target = radicale.target;
    return {
      target,
      calendarUrl: `${target.url}${target.user}/${target.calendar}/`,
      async create(uid, title) {
        await clientStep(target, 'create', uid, title, '20270416T170000Z', '20270416T180000Z');
        return uid;
      },
      async retitle(uid, title) {
        const read = await clientStep<{ url: string; etag: string }>(target, 'read', uid);
        await clientStep(
          target,
          'put-if-match',
          read.url,
          read.etag,
          uid,
          title,
          '20270415T170000Z',
          '20270415T190000Z',
        );
      },
      title: async (uid) => (await clientStep<{ summary?: string }>(target, 'read', uid)).summary,
      async createSeries(uid, title) {
        const made = await clientStep<{ url?: string }>(target, 'create-series', uid, title, ...REMOTE_SERIES);
        assert.ok(made.url, JSON.stringify(made));
        return uid;
      },
      async retitleSeries(uid, title) {
        const result = await clientStep<{ status: number }>(target, 'retitle-series', uid, title);
        assert.ok([200, 201, 204].includes(result.status), JSON.stringify(result));
      },
      series: (uid) => seriesThrough(target, uid),
    };
  });
});

describe('vdirsyncer against Almanac', { skip }, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.close());
  scenario(() => {
    const siteId = server.store.sites.byCode('default')!.id;
    const idOf = (uid: string) => server.store.importUids.postOf(siteId, uid);
    const byUid = new Map<string, number>();
    const key = calendarKey({ store: server.store, site: server.store.sites.byCode('default')!, actor: null });
    return {
      target: { name: 'Almanac', url: server.url, user: 'editor', password: server.tokens.editor, calendar: 'default' },
      calendarUrl: `${server.url}/caldav/calendars/editor/default/`,
      async create(uid, title) {
        const response = await server.admin('POST', 'events', {
          json: { title, start_date: '2027-04-16 10:00', end_date: '2027-04-16 11:00' },
        });
        assert.equal(response.status, 201, response.text);
        // An event made in Almanac carries Almanac's own UID.
        const own = `${response.body.id}-${key}@almanac`;
        byUid.set(own, response.body.id);
        return own;
      },
      async retitle(uid, title) {
        const id = byUid.get(uid) ?? idOf(uid);
        const response = await server.admin('PATCH', `events/${id}`, { json: { title } });
        assert.equal(response.status, 200, response.text);
      },
      async title(uid) {
        const id = byUid.get(uid) ?? idOf(uid);
        if (id === undefined) return undefined;
        return (await server.admin('GET', `events/${id}`)).body.title;
      },
      async createSeries(_uid, title) {
        // Made in Almanac: an event, a series of it (one date excluded), one occurrence moved on its own.
        const first = await server.admin('POST', 'events', {
          json: { title, start_date: '2027-09-07 17:00', end_date: '2027-09-07 19:00', timezone: 'UTC' },
        });
        const made = await server.admin('POST', '/almanac/v1/series', {
          json: { event: first.body.id, rule: 'FREQ=WEEKLY;COUNT=5', exdates: ['2027-09-21'] },
        });
        assert.equal(made.status, 201, made.text);
        const moved = made.body.occurrences.find((o: { date: string }) => o.date === '2027-09-14');
        const patched = await server.admin('PATCH', `events/${moved.id}`, {
          json: { title: `${title} (moved)`, start_date: '2027-09-15 17:00', end_date: '2027-09-15 19:00' },
        });
        assert.equal(patched.status, 200, patched.text);
        return made.body.uid as string;
      },
      async retitleSeries(uid, title) {
        const series = server.store.series.byUid(siteId, uid)!;
        const response = await server.admin('PATCH', `/almanac/v1/series/${series.id}`, {
          json: { changes: { title } },
        });
        assert.equal(response.status, 200, response.text);
      },
      // Read as python3-caldav reads it, as on Radicale.
      series: (uid) =>
        seriesThrough(
          {
            name: 'Almanac',
            url: `${server.url}/.well-known/caldav`,
            user: 'editor',
            password: server.tokens.editor,
            calendar: 'default',
          },
          uid,
        ),
    };
  });
});
