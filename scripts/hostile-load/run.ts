// The hostile-load run (issue 37): the service in a child process with a seeded calendar; a victim
// client (victim.ts, a process of its own) keeps asking while attackers send each attack of
// attacks.ts — one at a time, then eight at once — and then all of them mixed, eight at once. Per
// phase it records the victim's latencies against its floor (the same victim, no attack, same run —
// and again just before each attack, since other work on a shared machine comes and goes),
// the service's peak RSS (every thread), and the attackers' statuses, answer sizes and times. At the
// end: every write the victim was told succeeded is read back, every 5xx must have a line in the
// service's log, and the RSS after the run is read again once the service has been idle.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDataDir } from '../../server/data-dir.ts';
import { startChildServer } from '../../test/reliability/child-server.ts';
import { ATTACKS, type Attack, type AttackContext, type AttackRequest } from './attacks.ts';
import type { VictimKind, VictimReport, VictimStart } from './victim.ts';

export interface HostileLoadOptions {
  /** Seconds each phase lasts. */
  seconds: number;
  /** Attackers at once, per attack (default 1 and 8). */
  concurrency: number[];
  /** Only the attacks whose name contains this. */
  only?: string;
  progress?: (line: string) => void;
}

export interface PhaseResult {
  name: string;
  attackers: number;
  victim: {
    count: number;
    p50: number;
    p99: number;
    max: number;
    failures: string[];
    /** Per kind of request: its p99 and max, and how many took over 100 ms (where the victim waited). */
    byKind: Partial<Record<VictimKind, { count: number; p99: number; max: number; over100: number }>>;
  };
  /** The victim's p99 alone, measured just before this attack (the run's floor for the floor phase). */
  floorP99?: number;
  /** The victim alone just before this attack: its p50, p99 and max, and the load then. */
  floor?: { p50: number; p99: number; max: number; load: number };
  /** The machine's load average (1 min) as the phase ended. */
  load: number;
  peakRssMb: number;
  attacks: {
    count: number;
    statuses: Record<number, number>;
    unexpected: number;
    broken: number;
    maxBytes: number;
    p50Ms: number;
    maxMs: number;
  };
}

export interface HostileLoadSummary {
  floor: PhaseResult;
  phases: PhaseResult[];
  rssIdleBeforeMb: number;
  rssIdleAfterMb: number;
  rssIdleLaterMb: number;
  lost: number[];
  created: number;
  serverErrors: number;
  loggedErrors: number;
  serverAlive: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function send(
  context: AttackContext,
  request: AttackRequest,
): Promise<{ status: number; bytes: number; broken: boolean }> {
  const token = request.wrongPasswordFor
    ? `alm_000000000000_${'w'.repeat(32)}`
    : context.tokens[request.as ?? 'editor'];
  const login = request.wrongPasswordFor ?? request.as ?? 'editor';
  const response = await fetch(context.url + request.path, {
    method: request.method,
    body: request.body,
    headers: {
      authorization: `Basic ${Buffer.from(`${login}:${token}`).toString('base64')}`,
      ...(request.body !== undefined && !request.headers?.['content-type']
        ? { 'content-type': 'application/xml' }
        : {}),
      ...request.headers,
    },
  });
  let bytes = 0;
  let broken = false;
  try {
    // Counted as it comes, never held: an answer of hundreds of MB is what we look for.
    if (response.body) for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  } catch {
    broken = true; // a stream closed mid-body
  }
  return { status: response.status, bytes, broken };
}

export async function runHostileLoad(options: HostileLoadOptions): Promise<HostileLoadSummary> {
  const say = options.progress ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'almanac-hostile-'));
  const store = openDataDir(dataDir, { timezone: 'Europe/Berlin' });
  const site = store.sites.byCode('default')!;
  const tokens = {} as AttackContext['tokens'] & { admin: string };
  for (const [login, role] of [
    ['editor', 'editor'],
    ['subscriber', 'subscriber'],
    ['contributor', 'contributor'],
    ['victim', 'editor'],
  ] as const) {
    const user = store.users.create(login);
    store.users.setRole(site.id, user.id, role);
    tokens[login] = store.users.createToken(user.id, 'hostile-load');
  }
  tokens.admin = store.users.createToken(store.users.byLogin('admin')!.id, 'hostile-load');
  store.close();

  // HOSTILE_LOAD_CPU_PROF=DIR writes the service's CPU profiles there (each thread's, as it stops).
  const profileDir = process.env.HOSTILE_LOAD_CPU_PROF;
  const server = await startChildServer(dataDir, {
    env: { ALMANAC_DAILY_BACKUP: '0' },
    nodeArgs: profileDir ? ['--import', 'tsx', '--cpu-prof', '--cpu-prof-dir', profileDir] : undefined,
  });
  const url = new URL(server.apiRoot).origin;
  const victimProcess = fork(fileURLToPath(new URL('./victim.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    say(`service pid ${server.pid} at ${url}; seeding`);
    const rest = async (method: string, path: string, json: unknown, token = tokens.admin) => {
      const response = await fetch(`${url}/svc/events/v1/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const { id } = await rest('POST', 'events', {
        title: `Seeded ${i}`,
        description: `<p>${'Lorem ipsum dolor sit amet. '.repeat(36)}</p>`,
        start_date: `2027-0${1 + (i % 9)}-${day} 10:00`,
        end_date: `2027-0${1 + (i % 9)}-${day} 12:00`,
        venue: { venue: `Hall ${i % 20}`, city: 'Berlin' },
      });
      ids.push(id);
    }
    const first = ids[0]!;
    const large = await rest('POST', 'events', {
      title: 'Large',
      description: `<p>${'x &amp; y '.repeat(6_500)}</p>`,
      start_date: '2027-05-05 10:00',
      end_date: '2027-05-05 11:00',
    });
    const draft = await rest(
      'POST',
      'events',
      { title: 'Draft', status: 'draft', start_date: '2027-05-06 10:00', end_date: '2027-05-06 11:00' },
      tokens.editor,
    );
    const seriesPut = await fetch(`${url}/caldav/calendars/editor/default/long-series.ics`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`editor:${tokens.editor}`).toString('base64')}`,
        'content-type': 'text/calendar',
      },
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//hostile//EN',
        'BEGIN:VEVENT',
        'UID:long-series@hostile',
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20270101T100000Z',
        'DTEND:20270101T110000Z',
        'RRULE:FREQ=DAILY;COUNT=400',
        'SUMMARY:Every day',
        `DESCRIPTION:${'s'.repeat(30_000)}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    if (seriesPut.status !== 201) throw new Error(`series PUT: ${seriesPut.status} ${await seriesPut.text()}`);
    const own = await fetch(`${url}/caldav/calendars/contributor/default/almanac-${first}.ics`, {
      headers: { authorization: `Basic ${Buffer.from(`contributor:${tokens.contributor}`).toString('base64')}` },
    });
    const calendarKey = /UID:\d+-(.+)@almanac/.exec(await own.text())?.[1] ?? '';
    const context: AttackContext = {
      url,
      tokens,
      largeObject: `/caldav/calendars/editor/default/almanac-${large.id}.ics`,
      smallObject: `/caldav/calendars/editor/default/almanac-${first}.ics`,
      seriesFrom: '20270101T000000Z',
      hiddenId: draft.id,
      calendarKey,
    };
    const victimStart: VictimStart = {
      url,
      token: tokens.victim,
      login: 'victim',
      objectPath: `/caldav/calendars/victim/default/almanac-${ids[1]}.ics`,
      eventId: ids[2]!,
    };
    const victim = {
      start: () => victimProcess.send({ start: victimStart }),
      stop: () =>
        new Promise<VictimReport>((resolve) => {
          victimProcess.once('message', (report: VictimReport) => resolve(report));
          victimProcess.send({ stop: true });
        }),
    };

    let serverErrors = 0;
    const created: number[] = [];
    async function phase(
      name: string,
      attackers: number,
      pick: (i: number) => Attack | undefined,
    ): Promise<PhaseResult> {
      const statuses: Record<number, number> = {};
      const times: number[] = [];
      let unexpected = 0;
      let broken = 0;
      let maxBytes = 0;
      let peak = rssMb(server.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
      victim.start();
      const until = Date.now() + options.seconds * 1000;
      let n = 0;
      if (attackers === 0) await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
      await Promise.all(
        Array.from({ length: attackers }, async () => {
          while (Date.now() < until) {
            const attack = pick(n++);
            if (!attack) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              continue;
            }
            const started = performance.now();
            try {
              const answer = await send(context, attack.request(context));
              times.push(performance.now() - started);
              statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
              if (answer.status >= 500) serverErrors++;
              // A 429 is the admission's (server/caldav/admission.ts): this caller sent too many at once.
              if (!attack.expected.includes(answer.status) && answer.status !== 429) unexpected++;
              if (answer.broken) broken++;
              maxBytes = Math.max(maxBytes, answer.bytes);
            } catch {
              broken++;
              times.push(performance.now() - started);
            }
          }
        }),
      );
      const report = await victim.stop();
      clearInterval(sampler);
      created.push(...report.created);
      const byKind: PhaseResult['victim']['byKind'] = {};
      const perKind = new Map<VictimKind, number[]>();
      report.kinds.forEach((kind, i) => {
        const list = perKind.get(kind) ?? [];
        list.push(report.latencies[i]!);
        perKind.set(kind, list);
      });
      for (const [kind, list] of perKind) {
        list.sort((a, b) => a - b);
        byKind[kind] = {
          count: list.length,
          p99: percentile(list, 99),
          max: list.at(-1) ?? 0,
          over100: list.filter((value) => value > 100).length,
        };
      }
      const sorted = [...report.latencies].sort((a, b) => a - b);
      times.sort((a, b) => a - b);
      const result: PhaseResult = {
        name,
        attackers,
        load: loadAverage(),
        victim: {
          count: sorted.length,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? 0,
          failures: report.failures,
          byKind,
        },
        peakRssMb: peak,
        attacks: {
          count: times.length,
          statuses,
          unexpected,
          broken,
          maxBytes,
          p50Ms: percentile(times, 50),
          maxMs: times.at(-1) ?? 0,
        },
      };
      say(formatPhase(result));
      return result;
    }

    // Warm the service and the victim (JIT, the read worker, the object cache), then the floor.
    await phase('warm-up', 0, () => undefined);
    const floor = await phase('floor (no attack)', 0, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssIdleBeforeMb = rssMb(server.pid);
    const attacks = ATTACKS.filter((attack) => !options.only || attack.name.includes(options.only));
    const phases: PhaseResult[] = [];
    const attacked = async (name: string, attackers: number, pick: (i: number) => Attack | undefined) => {
      // The victim alone again first: the machine's other work moves the floor between phases.
      const local = await phase(`floor before ${name}`, 0, () => undefined);
      const result = await phase(name, attackers, pick);
      const floorBefore = { p50: local.victim.p50, p99: local.victim.p99, max: local.victim.max, load: local.load };
      const measured = { ...result, floorP99: local.victim.p99, floor: floorBefore };
      say(`  ↳ ${formatAgainstFloor(measured)}`);
      phases.push(measured);
    };
    for (const attack of attacks)
      for (const attackers of options.concurrency) await attacked(attack.name, attackers, () => attack);
    if (!options.only) await attacked('all attacks mixed', 8, (i) => attacks[i % attacks.length]);

    // Nothing lost, every 5xx logged, memory returned.
    const lost: number[] = [];
    for (const id of created) {
      const response = await fetch(`${url}/svc/events/v1/events/${id}`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      if (response.status !== 200) lost.push(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const rssIdleAfterMb = rssMb(server.pid);
    // The workers stop after a minute without work (read-worker-client.ts): what they held goes.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const rssIdleLaterMb = rssMb(server.pid);
    const loggedErrors = (server.output().match(/ ERROR \[/g) ?? []).length;
    const alive = (await fetch(`${url}/svc/events/v1/events?per_page=1`).catch(() => undefined))?.status === 200;
    return {
      rssIdleLaterMb,
      floor: { ...floor, floorP99: floor.victim.p99 },
      phases,
      rssIdleBeforeMb,
      rssIdleAfterMb,
      lost,
      created: created.length,
      serverErrors,
      loggedErrors,
      serverAlive: alive,
    };
  } finally {
    victimProcess.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function formatPhase(result: PhaseResult): string {
  const { victim, attacks } = result;
  const statuses = Object.entries(attacks.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const sent =
    result.attackers === 0
      ? ''
      : ` | attacks ${attacks.count} (${statuses}), answer ≤ ${(attacks.maxBytes / 1024).toFixed(0)} KiB, p50 ${ms(attacks.p50Ms)}, max ${ms(attacks.maxMs)}${attacks.unexpected ? `, ${attacks.unexpected} UNEXPECTED` : ''}${attacks.broken ? `, ${attacks.broken} BROKEN` : ''}`;
  return `${result.name} ×${result.attackers}: victim ${victim.count} requests, p50 ${ms(victim.p50)}, p99 ${ms(victim.p99)}, max ${ms(victim.max)}${victim.failures.length ? `, ${victim.failures.length} FAILED (${victim.failures[0]})` : ''} | peak RSS ${result.peakRssMb.toFixed(0)} MB${sent}`;
}

/** A phase beside the floor just before it, and the kinds of victim request that waited (over 100 ms). */
export function formatAgainstFloor(result: PhaseResult): string {
  const { victim, floor } = result;
  const waited = Object.entries(victim.byKind)
    .filter(([, kind]) => kind.over100 > 0)
    .sort(([, a], [, b]) => b.over100 - a.over100)
    .map(
      ([name, kind]) =>
        `${name} ${kind.over100}/${kind.count} (p99 ${kind.p99.toFixed(0)}, max ${kind.max.toFixed(0)})`,
    )
    .join(', ');
  const against = floor
    ? `floor just before p50/p99/max ${floor.p50.toFixed(1)}/${floor.p99.toFixed(1)}/${floor.max.toFixed(0)} ms at load ${floor.load.toFixed(2)}`
    : 'no floor';
  return `victim p50/p99/max ${victim.p50.toFixed(1)}/${victim.p99.toFixed(1)}/${victim.max.toFixed(0)} ms at load ${result.load.toFixed(2)}; ${against}; attacks' answer max ${result.attacks.maxMs.toFixed(0)} ms; peak RSS ${result.peakRssMb.toFixed(0)} MB; over 100 ms: ${waited || 'none'}`;
}

/** The run as a markdown table (docs/RELIABILITY.md keeps one). */
export function formatSummary(summary: HostileLoadSummary): string {
  const rows = [summary.floor, ...summary.phases].map((p) => {
    const statuses = Object.entries(p.attacks.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    const floor = p.floor ?? { p50: p.victim.p50, p99: p.victim.p99, max: p.victim.max, load: p.load };
    const ratio = floor.p99 > 0 ? (p.victim.p99 / floor.p99).toFixed(2) : '—';
    return `| ${p.name} | ${p.attackers} | ${p.victim.p50.toFixed(1)} / ${p.victim.p99.toFixed(1)} / ${p.victim.max.toFixed(0)} (${ratio}×) | ${p.load.toFixed(1)} | ${floor.p50.toFixed(1)} / ${floor.p99.toFixed(1)} / ${floor.max.toFixed(0)} | ${floor.load.toFixed(1)} | ${p.peakRssMb.toFixed(0)} | ${statuses || '—'} | ${(p.attacks.maxBytes / 1024).toFixed(0)} | ${p.attacks.p50Ms.toFixed(0)} / ${p.attacks.maxMs.toFixed(0)} |`;
  });
  return [
    '| phase | attackers | victim p50 / p99 / max ms (p99 × floor) | load | floor just before p50 / p99 / max ms | its load | peak RSS MB | attack statuses | largest answer KiB | attack answer p50 / max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...rows,
    '',
    `RSS idle before the attacks ${summary.rssIdleBeforeMb.toFixed(0)} MB, 5 s after ${summary.rssIdleAfterMb.toFixed(0)} MB, 66 s after ${summary.rssIdleLaterMb.toFixed(0)} MB; victim writes ${summary.created}, lost ${summary.lost.length}; 5xx ${summary.serverErrors}, logged ERROR entries ${summary.loggedErrors}; service alive: ${summary.serverAlive}.`,
  ].join('\n');
}
