// One kind of object through one sync: gather what changed on either side, decide for each
// (reconcile.ts), write the website's changes here in small quiet transactions (not queued back
// out), then send ours — two at a time, each whole — and remember what both sides now agree on.
// One object the website refuses is recorded with its reason and does not hold the others back; a
// website that stops answering stops the sync (what was not sent stays queued).
import type { Fields, SyncKind } from './fields.ts';
import { sameObject, titleOf } from './fields.ts';
import type { RemoteObject } from './remote-read.ts';
import { reconcile, type Decision, type Side } from './reconcile.ts';
import { write, type RunContext } from './run-context.ts';
import { readLocalInSlices, readLocalLinked, type LocalObject } from './local-read.ts';
import { createLocal, localImageFor, removeLocal, updateLocal } from './local-write.ts';
import { toLocal, type Missing } from './translate.ts';
import { costTextKeepsSymbol, remoteCost } from './cost.ts';
import { utcWallNow } from './site-clock.ts';
import { parseFields } from './pairings.ts';
import { clearProblems, recordConflict, recordFailure, SendRefused } from './problems.ts';
import { ensureRemoteLinked, ensureRemoteTerm, sendEvent, sendLinked, sendTerm, type Sent } from './send.ts';
import { CORE_TYPE, deleteTerm, publicationDates, termUses, trashEvent, trashLinked } from './website-api.ts';
import { WebsiteError } from './tec-client.ts';
import { forEachLimited } from './limiter.ts';
import { nextTurn, Pacer } from './pace.ts';
import type { ItemRow } from '../db/repositories/website-items.ts';
import type { EventFields, TermFields } from './fields.ts';
import { backThere, relinkEventsOf, withLinksDroppedByTrash } from './trashed-links.ts';

export interface KindWork {
  kind: SyncKind;
  /** Website objects read this sync (fields in the website's ids). */
  remote: Map<number, RemoteObject>;
  /** Local objects queued, with the queue's version of each. */
  queued: Map<number, number>;
  /** A first sync: every local object of the kind is looked at, queued or not. */
  allLocal?: number[];
  /** Venues, organizers and terms the website's events name: brought here even when not yet paired. */
  needed?: Set<number>;
}

interface Entry {
  item?: ItemRow;
  localId?: number;
  remote?: RemoteObject;
  version?: number;
}

type Send = { fields: Fields; create: boolean; before?: Fields; published?: string } | { trash: true; forget: boolean };

interface Plan {
  entry: Entry;
  decision: Decision;
  theirs?: Fields;
  title: string;
  send?: Send;
}

/**
 * Objects written here per transaction at most, and the time after which a transaction takes no
 * more: a short hold of the event loop and the write lock (ten objects held it 17–58 ms at load 7;
 * four, 10–20 ms; a commit costs little beside an event's write).
 */
const BATCH = 8;
const WRITE_BUDGET_MS = 3;
const MARKS_PER_WRITE = 100;
const PARALLEL = 2;

const sideOf = (local: LocalObject | undefined): Side | undefined =>
  local === undefined
    ? undefined
    : local.fields === undefined
      ? { state: 'gone' }
      : local.trashed
        ? { state: 'trashed' }
        : { state: 'live', fields: local.fields };

/**
 * Images are shared by content: several image records here (two addresses, the same bytes) are one
 * attachment on the website, which names one of them when translated back. An event's image is
 * compared as that one, so the same picture never reads as a change.
 */
function sameImageAsTheWebsite(run: RunContext, side: Side | undefined): Side | undefined {
  if (side?.state !== 'live' || typeof side.fields.image !== 'number') return side;
  const remote = run.pairs.remoteId('image', side.fields.image);
  const canonical = remote === undefined ? undefined : run.pairs.localId('image', remote);
  return canonical === undefined || canonical === side.fields.image
    ? side
    : { state: 'live', fields: { ...side.fields, image: canonical } };
}

function gather(run: RunContext, work: KindWork): Entry[] {
  const { kind } = work;
  const byRemote = new Map<number, Entry>();
  const byLocal = new Map<number, Entry>();
  for (const remote of work.remote.values()) {
    const item = run.pairs.ofRemote(kind, remote.id);
    if (item && item.local_id === null) continue; // left out on purpose
    if (!item && kind !== 'event' && !work.needed?.has(remote.id)) continue; // brought here when an event needs it
    if (!item && (remote.trashed || remote.deleted)) continue; // never had it: nothing to do
    const entry: Entry = { item, localId: item?.local_id ?? undefined, remote };
    if (!item && kind !== 'event' && remote.fields) pairByName(run, kind, entry, remote.fields as Fields);
    byRemote.set(remote.id, entry);
    if (entry.localId !== undefined) byLocal.set(entry.localId, entry);
  }
  const local = (id: number, version?: number) => {
    const known = byLocal.get(id);
    if (known) {
      if (version !== undefined) known.version = version;
      return;
    }
    const item = run.pairs.ofLocal(kind, id);
    if (item && item.remote_id === null) return; // left out on purpose
    if (!item && kind !== 'event') return; // sent when an event needs it
    byLocal.set(id, { item, localId: id, version });
  };
  for (const [id, version] of work.queued) local(id, version);
  for (const id of work.allLocal ?? []) local(id);
  return [...new Set([...byRemote.values(), ...byLocal.values()])];
}

/**
 * A venue, organizer or term the website's events name, not paired yet: one of the same name here
 * (not paired with anything else) is the same object — paired without a base, so the first merge
 * keeps what each side has and asks where both differ. Nothing is doubled.
 */
function pairByName(run: RunContext, kind: SyncKind, entry: Entry, fields: Fields): void {
  const name = String(fields.name ?? '');
  let localId: number | undefined;
  if (kind === 'venue' || kind === 'organizer') {
    // The same name is not enough: Main Hall in Springfield is not Main Hall in Shelbyville.
    const free = run.store.posts
      .byTitle(run.site.id, kind, name)
      .filter((row) => row.status !== 'trash' && run.pairs.ofLocal(kind, row.id) === undefined)
      .map((row) => row.id);
    const locals = readLocalLinked(run.store, run.site, kind, free);
    localId = free.find((id) => {
      const mine = locals.get(id)?.fields;
      return mine !== undefined && sameObject(kind, mine, fields);
    });
  } else if (kind === 'category' || kind === 'tag') {
    const parent = kind === 'category' ? (run.pairs.localId('category', Number(fields.parent)) ?? 0) : 0;
    const term = run.store.terms.sameName(run.site.id, kind, name, parent);
    if (term && run.pairs.ofLocal(kind, term.id) === undefined) localId = term.id;
  }
  if (localId === undefined) return;
  const id = localId;
  // The caller (syncKind) waited for the write gate just before.
  entry.item = run.store.writing(() => run.pairs.add(kind, id, entry.remote!.id, { base: null }));
  entry.localId = id;
}

/** The remote side of an entry, in Almanac's ids (read now, or as last known). */
function theirSide(run: RunContext, work: KindWork, entry: Entry, missing: Missing): Side | undefined {
  const { remote, item } = entry;
  if (remote) {
    if (remote.deleted) return { state: 'gone' };
    if (remote.trashed || !remote.fields) return { state: 'trashed' };
    return { state: 'live', fields: toLocal(work.kind, remote.fields as Fields, run.pairs, missing) };
  }
  if (!item || item.remote_id === null) return undefined;
  if (item.remote_state !== 'live') return { state: item.remote_state };
  const fields = parseFields(item.remote_fields);
  return fields ? { state: 'live', fields } : undefined;
}

function decide(
  run: RunContext,
  work: KindWork,
  entry: Entry,
  mine: Side | undefined,
  theirs: Side | undefined,
): Decision | 'create_local' | 'create_remote' | undefined {
  if (!entry.item) {
    if (theirs?.state === 'live' && mine === undefined) return 'create_local';
    if (mine?.state === 'live' && theirs === undefined && work.kind === 'event') return 'create_remote';
    return undefined;
  }
  if (!mine || !theirs) {
    // One side never known (a pair made on the website's side before our object existed): only a
    // live website object with no local one is brought here again.
    if (!mine && theirs?.state === 'live') return { type: 'restore_local', fields: theirs.fields, create: true };
    return undefined;
  }
  return reconcile(work.kind, mine, theirs, {
    base: parseFields(entry.item.base),
    trashed: entry.item.agreed_trashed === 1,
  });
}

/** The item's knowledge of the website's copy after this sync read it. */
function remoteColumns(entry: Entry, theirs: Side | undefined) {
  if (!entry.remote) return {};
  return {
    remote_fields: theirs?.state === 'live' ? JSON.stringify(theirs.fields) : (entry.item?.remote_fields ?? null),
    remote_state: theirs?.state ?? 'live',
    remote_modified: entry.remote.modified || entry.item?.remote_modified || null,
  } as const;
}

/** Writes the website's side of one planned object here (inside a quiet transaction). */
function applyHere(
  run: RunContext,
  work: KindWork,
  plan: Plan,
  mine: Side | undefined,
  theirs: Side | undefined,
): void {
  const { kind } = work;
  const { entry, decision } = plan;
  const ref = { kind, local_id: entry.localId ?? null, remote_id: entry.item?.remote_id ?? entry.remote?.id ?? null };
  const item = entry.item;
  const remote = remoteColumns(entry, theirs);
  switch (decision.type) {
    case 'none':
      if (item) run.pairs.update(item, remote);
      return;
    case 'agree':
      run.pairs.update(item!, { ...remote, base: JSON.stringify(decision.agreed), agreed_trashed: 0 });
      clearProblems(run, ref);
      return;
    case 'forget':
      run.pairs.remove(item!);
      clearProblems(run, ref);
      return;
    case 'both_trashed':
      run.pairs.update(item!, { ...remote, remote_state: 'trashed', agreed_trashed: 1 });
      clearProblems(run, ref);
      return;
    case 'trash_local':
      removeLocal(run.op, kind, entry.localId!);
      if (decision.forget) run.pairs.remove(item!);
      else run.pairs.update(item!, { ...remote, agreed_trashed: 1 });
      clearProblems(run, ref);
      run.counts.received++;
      return;
    case 'restore_local': {
      const { write, agreed } = fieldsForHere(run, kind, decision.fields, entry);
      const known = {
        ...remote,
        base: JSON.stringify(agreed),
        remote_fields: JSON.stringify(agreed),
        remote_state: 'live' as const,
        agreed_trashed: 0,
      };
      if (decision.create) {
        const id = createLocal(run.op, kind, write);
        run.pairs.update(item!, { ...known, local_id: id });
        entry.localId = id;
      } else {
        updateLocal(run.op, kind, entry.localId!, write, { restore: true });
        run.pairs.update(item!, known);
      }
      clearProblems(run, ref);
      run.counts.received++;
      return;
    }
    case 'trash_remote':
      plan.send = { trash: true, forget: decision.forget };
      if (item) run.pairs.update(item, remote);
      return;
    case 'restore_remote':
      plan.send = { fields: decision.fields, create: decision.create };
      if (item) run.pairs.update(item, remote);
      return;
    case 'conflict':
      run.pairs.update(item!, remote);
      recordConflict(run, ref, decision.conflict, plan.title, decision.fields);
      return;
    case 'merge': {
      const old = parseFields(item!.base) ?? {};
      if (Object.keys(decision.toLocal).length > 0) {
        updateLocal(run.op, kind, entry.localId!, fieldsForHere(run, kind, decision.toLocal, entry).write);
        run.counts.received++;
      }
      // Fields still to be sent keep their old agreed value until the send succeeds.
      const base: Fields = { ...old, ...decision.agreed };
      for (const name of Object.keys(decision.toRemote)) base[name] = old[name] ?? null;
      run.pairs.update(item!, { ...remote, base: JSON.stringify(base), agreed_trashed: 0 });
      if (decision.conflicts.length > 0) recordConflict(run, ref, 'fields', plan.title, decision.conflicts);
      else clearProblems(run, ref, undefined);
      if (Object.keys(decision.toRemote).length > 0)
        plan.send = {
          fields: decision.merged,
          create: false,
          before: theirs?.state === 'live' ? theirs.fields : undefined,
        };
      return;
    }
  }
}

/**
 * The website's fields as they are written here. An event's image that Almanac has no record of
 * yet gets one (by its address), paired with the website's attachment; its cost is written as typed
 * on the website (the fields hold its normal form, which Almanac's reading of that text gives back).
 */
function fieldsForHere(
  run: RunContext,
  kind: SyncKind,
  fields: Fields,
  entry: Entry,
): { write: Fields; agreed: Fields } {
  if (kind !== 'event' || !entry.remote) return { write: fields, agreed: fields };
  let agreed = fields;
  const image = entry.remote.image;
  if (image?.url && fields.image === null && 'image' in fields) {
    const local = localImageFor(run.op, image.url);
    if (run.pairs.localId('image', image.id) === undefined) run.pairs.add('image', local, image.id);
    agreed = { ...fields, image: local };
  }
  const text = entry.remote.costText;
  // As typed, when it reads the same here; a bare "15" takes the website's default symbol ("$15"):
  // written as typed, it would show here with Almanac's.
  const write =
    typeof fields.cost === 'string' &&
    text !== undefined &&
    remoteCost(text, run.websiteSymbol) === fields.cost &&
    costTextKeepsSymbol(text, run.websiteSymbol)
      ? { ...agreed, cost: text }
      : agreed;
  return { write, agreed };
}

function createHere(run: RunContext, work: KindWork, plan: Plan, theirs: Fields): void {
  const { entry } = plan;
  // A category's parent may have been made here a moment ago, in this same batch: translated now.
  const current = work.kind === 'category' ? toLocal(work.kind, entry.remote!.fields as Fields, run.pairs, {}) : theirs;
  const { write, agreed } = fieldsForHere(run, work.kind, current, entry);
  const id = createLocal(run.op, work.kind, write);
  entry.localId = id;
  entry.item = run.pairs.add(work.kind, id, entry.remote!.id, {
    base: agreed,
    remote: agreed,
    modified: entry.remote!.modified || null,
  });
  run.counts.received++;
}

async function sendOne(run: RunContext, kind: SyncKind, plan: Plan): Promise<void> {
  const { entry } = plan;
  const send = plan.send!;
  const ref = { kind, local_id: entry.localId ?? null, remote_id: entry.item?.remote_id ?? null };
  try {
    if ('trash' in send) {
      const remoteId = entry.item!.remote_id!;
      if (kind === 'event') await trashEvent(run.client, remoteId);
      else if (kind === 'venue' || kind === 'organizer') await trashLinked(run.client, kind, remoteId);
      else await deleteTermIfUnused(run, kind, remoteId);
      await write(run, () => {
        if (send.forget || kind === 'category' || kind === 'tag') run.pairs.remove(entry.item!);
        else run.pairs.update(entry.item!, { remote_state: 'trashed', agreed_trashed: 1 });
        clearProblems(run, ref);
      });
    } else {
      const sent = await sendFields(run, kind, entry, send);
      // The image it names is paired now (sent with it): agreed as the website will name it back.
      const agreed = (sameImageAsTheWebsite(run, { state: 'live', fields: send.fields }) as { fields: Fields }).fields;
      // One write: the pair (a create's, made now), what both sides agree on, the create done.
      await write(run, () => {
        const state = {
          base: JSON.stringify(agreed),
          remote_fields: JSON.stringify(agreed),
          remote_state: 'live' as const,
          agreed_trashed: 0,
        };
        const item = run.pairs.ofLocal(kind, entry.localId!);
        if (!item)
          run.pairs.add(kind, entry.localId!, sent.remoteId, {
            base: agreed,
            remote: agreed,
            modified: sent.modified || null,
          });
        else
          run.pairs.update(item, {
            ...state,
            ...(item.remote_id !== sent.remoteId ? { remote_id: sent.remoteId } : {}),
            remote_modified: sent.modified || item.remote_modified,
          });
        if (kind === 'event') run.repos.items.clearPendingCreate(run.site.id, 'event', entry.localId!);
        // Back on the website (kept over the website's trash, or restored here): the website
        // dropped its events' links when it trashed it; those linked here are sent again, linked.
        if (plan.decision.type === 'restore_remote' && (kind === 'venue' || kind === 'organizer'))
          relinkEventsOf(run, kind, entry.localId!);
        clearProblems(run, { ...ref, remote_id: sent.remoteId }, 'send');
      });
    }
    run.counts.sent++;
    dequeue(run, kind, entry);
  } catch (error) {
    if (error instanceof WebsiteError && (error.transient || error.reason === 'auth')) throw error;
    if (!(error instanceof WebsiteError) && !(error instanceof SendRefused)) throw error;
    await write(run, () => recordFailure(run, ref, 'send', plan.title, error));
    dequeue(run, kind, entry);
  }
}

/**
 * A category or tag deleted here. Tags are the whole WordPress site's (blog posts use them too) and
 * a delete there is permanent: the term is deleted only when nothing but Almanac's events uses it.
 * Otherwise it stays on the website, Almanac's events stop carrying it (queued, sent in this sync)
 * and it is no longer paired — should one of the website's events bring it back, it comes as new.
 */
async function deleteTermIfUnused(run: RunContext, kind: 'category' | 'tag', remoteId: number): Promise<void> {
  const uses = await termUses(run.client, kind, remoteId, (id) => run.pairs.localId('event', id) !== undefined);
  if (!uses.others) return deleteTerm(run.client, kind, remoteId);
  run.log(`website sync: ${kind} ${remoteId} kept on the website: other posts there use it`);
  await write(run, () => {
    for (const eventId of uses.heldEvents) {
      const localId = run.pairs.localId('event', eventId);
      if (localId !== undefined) run.repos.connections.enqueue(run.site.id, 'event', localId);
    }
  });
}

async function sendFields(
  run: RunContext,
  kind: SyncKind,
  entry: Entry,
  send: { fields: Fields; create: boolean; before?: Fields; published?: string },
): Promise<Sent> {
  const localId = entry.localId!;
  let item = entry.item;
  if (send.create && item?.remote_id !== null && item !== undefined) {
    // Gone for good on the website: it is made there again, as a new object.
    const gone = item;
    await write(run, () => run.pairs.remove(gone));
    item = undefined;
  }
  if (kind === 'event') {
    const sent = await sendEvent(
      run,
      localId,
      item,
      send.fields as EventFields,
      send.before as EventFields | undefined,
      send.published,
    );
    return sent;
  }
  if (kind === 'venue' || kind === 'organizer') {
    if (!item?.remote_id) return { remoteId: await ensureRemoteLinked(run, kind, localId), modified: '' };
    return sendLinked(run, kind, item.remote_id, send.fields, send.published);
  }
  if (!item?.remote_id) return { remoteId: await ensureRemoteTerm(run, kind, localId), modified: '' };
  return sendTerm(run, kind, item.remote_id, send.fields as TermFields);
}

/**
 * The website's publication date of each event, venue and organizer about to be updated there: an
 * update without it moves it to now (send.ts). Known from this sync's read, else read (a list per 100).
 */
async function learnPublicationDates(run: RunContext, kind: SyncKind, plans: Plan[]): Promise<void> {
  if (kind !== 'event' && kind !== 'venue' && kind !== 'organizer') return;
  const unknown = new Map<number, Plan>();
  for (const plan of plans) {
    const send = plan.send;
    const remoteId = plan.entry.item?.remote_id;
    if (!send || 'trash' in send || send.create || !remoteId) continue;
    if (plan.entry.remote?.published) send.published = plan.entry.remote.published;
    else unknown.set(remoteId, plan);
  }
  if (unknown.size === 0) return;
  const dates = await publicationDates(run.client, CORE_TYPE[kind], [...unknown.keys()]);
  for (const [remoteId, plan] of unknown) (plan.send as { published?: string }).published = dates.get(remoteId);
}

function dequeue(run: RunContext, kind: SyncKind, entry: Entry): void {
  if (entry.version !== undefined && entry.localId !== undefined)
    run.repos.connections.dequeue(run.site.id, kind, entry.localId, entry.version);
}

/**
 * The events about to be created on the website, recorded as pending creates before any is sent (a
 * create whose answer is lost is then looked for, never sent twice: send.ts) — in writes of
 * MARKS_PER_WRITE with the loop free between (1,000 at once held it 30 ms). Those with a pending
 * create from an earlier sync keep it: they are looked for first.
 */
async function markCreates(run: RunContext, plans: Plan[]): Promise<void> {
  const creating = plans
    .filter(
      (plan) => plan.send && 'create' in plan.send && plan.entry.localId !== undefined && !plan.entry.item?.remote_id,
    )
    .map((plan) => plan.entry.localId!);
  const pacer = new Pacer();
  const fresh: number[] = [];
  for (const id of creating) {
    await pacer.pace();
    if (run.repos.items.pendingCreate(run.site.id, 'event', id) === undefined) fresh.push(id);
  }
  const now = utcWallNow(run.now());
  for (let i = 0; i < fresh.length; i += MARKS_PER_WRITE) {
    if (i > 0) await nextTurn();
    await write(run, () => {
      for (const id of fresh.slice(i, i + MARKS_PER_WRITE))
        run.repos.items.setPendingCreate(run.site.id, 'event', id, now);
    });
  }
  for (const id of fresh) run.markedNow.add(id);
}

/**
 * Runs `jobs` in quiet write transactions, each job alone in a savepoint; a transaction ends after
 * BATCH jobs or once it has run WRITE_BUDGET_MS, and the loop gets a turn before the next.
 */
async function writeHere(run: RunContext, work: KindWork, jobs: { plan: Plan; job: () => void }[]): Promise<void> {
  let next = 0;
  while (next < jobs.length) {
    await run.whenWritable();
    const pacer = new Pacer(WRITE_BUDGET_MS);
    const failed: { plan: Plan; error: unknown }[] = [];
    try {
      run.store.writing(() => {
        run.repos.connections.quiet(run.site.id);
        for (let done = 0; next < jobs.length && done < BATCH && !(done > 0 && pacer.due()); done++) {
          const { plan, job } = jobs[next++]!;
          try {
            run.store.db.transaction(job)();
          } catch (error) {
            failed.push({ plan, error });
          }
        }
        run.repos.connections.unquiet(run.site.id);
      });
    } catch (error) {
      run.pairs.reset();
      throw error;
    }
    // A rolled-back savepoint may have left pairs in memory that are not in the database.
    if (failed.length > 0) run.pairs.reset();
    for (const { plan, error } of failed) {
      plan.send = undefined;
      const ref = { kind: work.kind, local_id: plan.entry.localId ?? null, remote_id: plan.entry.remote?.id ?? null };
      run.store.writing(() => recordFailure(run, ref, 'receive', plan.title, error));
    }
    run.wrote();
    await nextTurn();
  }
}

/** Syncs one kind; returns the website ids of linked objects the website's objects name and we lack. */
export async function syncKind(run: RunContext, work: KindWork): Promise<void> {
  await run.whenWritable(); // gather may pair by name (a write)
  const entries = gather(run, work);
  const localIds = entries.map((entry) => entry.localId).filter((id): id is number => id !== undefined);
  const locals = await readLocalInSlices(run.store, run.site, work.kind, localIds);
  const pacer = new Pacer();
  const plans: { plan: Plan; job: () => void }[] = [];
  const toSend: Plan[] = [];
  for (const entry of entries) {
    await pacer.pace();
    const mine = sameImageAsTheWebsite(
      run,
      sideOf(entry.localId !== undefined ? locals.get(entry.localId) : undefined),
    );
    const missing: Missing = {};
    const theirs = theirSide(run, work, entry, missing);
    // An event's links the website dropped by trashing a venue or organizer Almanac still has are
    // no edit of theirs (trashed-links.ts): merged as agreed. What is recorded of the website's
    // copy (applyHere) stays as read.
    const merging =
      work.kind === 'event' && entry.item ? withLinksDroppedByTrash(run, parseFields(entry.item.base), theirs) : theirs;
    const decision = decide(run, work, entry, mine, merging);
    if (decision === undefined) {
      dequeue(run, work.kind, entry);
      continue;
    }
    const title = titleOf(mine?.state === 'live' ? mine.fields : theirs?.state === 'live' ? theirs.fields : undefined);
    if (decision === 'create_local') {
      const plan: Plan = { entry, decision: { type: 'none' }, title };
      plans.push({ plan, job: () => createHere(run, work, plan, (theirs as { fields: Fields }).fields) });
      continue;
    }
    if (decision === 'create_remote') {
      toSend.push({
        entry,
        decision: { type: 'none' },
        title,
        send: { fields: (mine as { fields: Fields }).fields, create: true },
      });
      continue;
    }
    const plan: Plan = { entry, decision, title };
    // Untrashed on the website while Almanac kept it: the events that still name it here are sent
    // linked again (the untrash does not give them back their links there).
    const relink = backThere(work.kind, entry.item, theirs) && mine?.state === 'live';
    plans.push({
      plan,
      job: () => {
        applyHere(run, work, plan, mine, theirs);
        if (relink) relinkEventsOf(run, work.kind as 'venue' | 'organizer', entry.localId!);
      },
    });
  }
  await writeHere(run, work, plans);
  for (const { plan } of plans) {
    if (plan.send) toSend.push(plan);
    else if (plan.decision.type !== 'conflict' || plan.entry.version !== undefined) dequeue(run, work.kind, plan.entry);
  }
  await learnPublicationDates(run, work.kind, toSend);
  if (work.kind === 'event') await markCreates(run, toSend);
  await forEachLimited(toSend, PARALLEL, (plan) => sendOne(run, work.kind, plan));
}
