// Which local object is which website object (migration 0021's website_items), read once per kind
// and sync and kept in memory while it runs (a sync of 1,000 events looks pairs up thousands of
// times), written through at once.
import type { ItemKind, ItemRow, ItemUpdate } from '../db/repositories/website-items.ts';
import type { WebsiteRepositories } from '../db/repositories/website-sync.ts';
import type { Fields } from './fields.ts';

export class Pairings {
  private readonly byLocal = new Map<ItemKind, Map<number, ItemRow>>();
  private readonly byRemote = new Map<ItemKind, Map<number, ItemRow>>();

  constructor(
    private readonly repos: WebsiteRepositories,
    private readonly siteId: number,
  ) {}

  private load(kind: ItemKind): void {
    if (this.byLocal.has(kind)) return;
    const local = new Map<number, ItemRow>();
    const remote = new Map<number, ItemRow>();
    for (const row of this.repos.items.all(this.siteId, kind)) {
      if (row.local_id !== null) local.set(row.local_id, row);
      // Several image records may share one attachment: the first paired stands for them all.
      if (row.remote_id !== null && !remote.has(row.remote_id)) remote.set(row.remote_id, row);
    }
    this.byLocal.set(kind, local);
    this.byRemote.set(kind, remote);
  }

  ofLocal(kind: ItemKind, localId: number): ItemRow | undefined {
    this.load(kind);
    return this.byLocal.get(kind)!.get(localId);
  }

  ofRemote(kind: ItemKind, remoteId: number): ItemRow | undefined {
    this.load(kind);
    return this.byRemote.get(kind)!.get(remoteId);
  }

  all(kind: ItemKind): ItemRow[] {
    this.load(kind);
    const rows = new Set([...this.byLocal.get(kind)!.values(), ...this.byRemote.get(kind)!.values()]);
    return [...rows];
  }

  /**
   * Local objects the website keeps as one with another (identical venues or organizers: TEC answers
   * a create with the existing one), for this sync only: their events name that one there.
   */
  private readonly sameAs = new Map<string, number>();

  /** The website's id of a local object, when both sides have it (or the website keeps it as another's). */
  remoteId(kind: ItemKind, localId: number): number | undefined {
    return this.ofLocal(kind, localId)?.remote_id ?? this.sameAs.get(`${kind}:${localId}`);
  }

  /** This local object is, on the website, the one already paired as `remoteId` (not paired itself). */
  keptAsOne(kind: ItemKind, localId: number, remoteId: number): void {
    this.sameAs.set(`${kind}:${localId}`, remoteId);
  }

  /** Almanac's id of a website object, when both sides have it. */
  localId(kind: ItemKind, remoteId: number): number | undefined {
    return this.ofRemote(kind, remoteId)?.local_id ?? undefined;
  }

  /** Records a new pair (or a left-out object: one side null); in the caller's transaction. */
  add(
    kind: ItemKind,
    localId: number | null,
    remoteId: number | null,
    state: { base?: Fields | null; remote?: Fields | null; modified?: string | null } = {},
  ): ItemRow {
    this.load(kind);
    const row: Omit<ItemRow, 'id'> = {
      site_id: this.siteId,
      kind,
      local_id: localId,
      remote_id: remoteId,
      base: state.base ? JSON.stringify(state.base) : null,
      remote_fields: state.remote ? JSON.stringify(state.remote) : null,
      remote_state: 'live',
      remote_modified: state.modified ?? null,
      agreed_trashed: 0,
    };
    const full: ItemRow = { ...row, id: this.repos.items.insert(row) };
    if (localId !== null) this.byLocal.get(kind)!.set(localId, full);
    if (remoteId !== null && !this.byRemote.get(kind)!.has(remoteId)) this.byRemote.get(kind)!.set(remoteId, full);
    return full;
  }

  update(row: ItemRow, columns: ItemUpdate): void {
    this.repos.items.update(row.id, columns);
    if (columns.local_id !== undefined && row.local_id !== null) this.byLocal.get(row.kind)?.delete(row.local_id);
    if (columns.remote_id !== undefined && row.remote_id !== null) this.forgetRemote(row);
    Object.assign(row, columns);
    if (row.local_id !== null) this.byLocal.get(row.kind)?.set(row.local_id, row);
    if (row.remote_id !== null) this.byRemote.get(row.kind)?.set(row.remote_id, row);
  }

  /** Forgets what was read (a transaction that wrote pairs rolled back): read again when next asked. */
  reset(): void {
    this.byLocal.clear();
    this.byRemote.clear();
  }

  remove(row: ItemRow): void {
    this.repos.items.remove(row.id);
    if (row.local_id !== null) this.byLocal.get(row.kind)?.delete(row.local_id);
    if (row.remote_id !== null) this.forgetRemote(row);
  }

  /** Its entry by the website's id, if it is the one standing there (images share attachments). */
  private forgetRemote(row: ItemRow): void {
    const map = this.byRemote.get(row.kind);
    if (map?.get(row.remote_id!) === row) map.delete(row.remote_id!);
  }
}

export const parseFields = (json: string | null): Fields | null => (json ? (JSON.parse(json) as Fields) : null);
