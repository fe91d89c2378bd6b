// Every read request answers from one state of the database, even while another process commits
// between its statements (the app and the CLI, or two app instances, share one data dir). Over
// HTTP: a child server reads lists of events while this process's server creates and deletes
// events in the same file as fast as it can. A list's total and its page come from different
// statements; each answer must still agree with itself (total = the events on its only page).
// The store-level proof of the same rule is test/db/request-transactions.test.ts.
//
// SNAPSHOT_SABOTAGE=no-transaction runs the child with each statement committing alone
// (sabotage.ts): the test must then fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { inDays } from '../support/helpers.ts';
import { startChildServer, type ChildServer } from './child-server.ts';

const SABOTAGE = process.env.SNAPSHOT_SABOTAGE;
const STANDING_EVENTS = 8;
const READERS = 4;
const READS = 400;
const WRITERS = 2;

interface ListAnswer {
  status: number;
  total: number;
  headerTotal: number;
  totalPages: number;
  events: number;
}

async function readList(child: ChildServer): Promise<ListAnswer> {
  // The child runs without its response cache (below): every answer is built from the database.
  const response = await fetch(`${child.apiRoot}/events?per_page=50`);
  const body = (await response.json()) as { total: number; total_pages: number; events: unknown[] };
  return {
    status: response.status,
    total: body.total,
    headerTotal: Number(response.headers.get('x-tec-total')),
    totalPages: body.total_pages,
    events: body.events.length,
  };
}

/** Creates and force-deletes one event after another until `done()`; returns the commits made. */
async function churn(writer: TestServer, worker: number, done: () => boolean): Promise<number> {
  let commits = 0;
  for (let n = 0; !done(); n++) {
    const created = await writer.admin('POST', 'events', {
      json: {
        title: `Churn ${worker}.${n}`,
        start_date: inDays(3),
        end_date: inDays(3, '12:00:00'),
        status: 'publish',
      },
    });
    assert.equal(created.status, 201, created.text);
    const deleted = await writer.admin('DELETE', `events/${created.body.id}`, { query: { force: true } });
    assert.equal(deleted.status, 200, deleted.text);
    commits += 2;
  }
  return commits;
}

test('a list answered while another process commits agrees with itself (one snapshot per request)', async (t) => {
  const writer = await startServer();
  let reader: ChildServer | undefined;
  try {
    for (let i = 0; i < STANDING_EVENTS; i++) {
      const response = await writer.admin('POST', 'events', {
        json: {
          title: `Standing ${i}`,
          start_date: inDays(2 + i),
          end_date: inDays(2 + i, '11:00:00'),
          status: 'publish',
        },
      });
      assert.equal(response.status, 201, response.text);
    }
    reader = await startChildServer(writer.dataDir, {
      nodeArgs: ['--import', 'tsx', ...(SABOTAGE ? ['--import', './test/reliability/sabotage.ts'] : [])],
      env: { ALMANAC_RESPONSE_CACHE: '0', ...(SABOTAGE ? { CRASH_SABOTAGE: SABOTAGE } : {}) },
    });
    if (SABOTAGE) t.diagnostic(`reader child runs with CRASH_SABOTAGE=${SABOTAGE}`);

    let reading = true;
    const writers = Array.from({ length: WRITERS }, (_, worker) => churn(writer, worker, () => !reading));
    const answers: ListAnswer[] = [];
    try {
      let started = 0;
      await Promise.all(
        Array.from({ length: READERS }, async () => {
          while (started++ < READS) answers.push(await readList(reader!));
        }),
      );
    } finally {
      reading = false;
    }
    const commits = (await Promise.all(writers)).reduce((sum, n) => sum + n, 0);

    const torn = answers.filter(
      (a) => a.status !== 200 || a.events !== a.total || a.headerTotal !== a.total || a.totalPages !== 1,
    );
    const totals = new Set(answers.map((a) => a.total));
    t.diagnostic(
      `${answers.length} lists read during ${commits} commits; totals seen: ${[...totals].sort((a, b) => a - b).join(', ')}`,
    );
    // The test proves something only if the other process's commits landed while lists were read.
    assert.ok(commits >= 50, `only ${commits} commits happened during the reads`);
    assert.ok(totals.size >= 2, 'no read saw a commit of the other process');
    assert.deepEqual(torn.slice(0, 5), [], `${torn.length} of ${answers.length} answers disagree with themselves`);
  } finally {
    await reader?.stop();
    await writer.close();
  }
});
