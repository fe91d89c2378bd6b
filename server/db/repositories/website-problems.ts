// Website sync (migration 0022): conflicts the user decides, and objects the website refused.
import type { Db } from '../open.ts';
import type { ItemKind } from './website-items.ts';

export type ConflictType = 'fields' | 'deleted_here' | 'deleted_there';

export interface ConflictRow {
  id: number;
  site_id: number;
  kind: ItemKind;
  local_id: number | null;
  remote_id: number | null;
  conflict_type: ConflictType;
  title: string;
  /** JSON: ConflictField[] */
  fields: string;
  created_utc: string;
}

export interface FailureRow {
  id: number;
  site_id: number;
  kind: ItemKind;
  local_id: number | null;
  remote_id: number | null;
  direction: 'send' | 'receive';
  title: string;
  code: string;
  message: string;
  status: number | null;
  attempts: number;
  created_utc: string;
  updated_utc: string;
}

export type NewConflict = Omit<ConflictRow, 'id' | 'site_id' | 'created_utc'>;
export type NewFailure = Omit<FailureRow, 'id' | 'site_id' | 'attempts' | 'created_utc' | 'updated_utc'>;

export function websiteProblemsRepository(db: Db) {
  const conflicts = db.prepare('SELECT * FROM website_conflicts WHERE site_id = ? ORDER BY id');
  const conflict = db.prepare('SELECT * FROM website_conflicts WHERE site_id = ? AND id = ?');
  const conflictOf = db.prepare(
    `SELECT * FROM website_conflicts WHERE site_id = ? AND kind = ?
     AND (local_id = ? OR (local_id IS NULL AND ? IS NULL)) AND (remote_id = ? OR (remote_id IS NULL AND ? IS NULL))`,
  );
  const insertConflict = db.prepare(
    `INSERT INTO website_conflicts (site_id, kind, local_id, remote_id, conflict_type, title, fields, created_utc)
     VALUES (@site_id, @kind, @local_id, @remote_id, @conflict_type, @title, @fields, @created_utc)`,
  );
  const updateConflict = db.prepare(
    'UPDATE website_conflicts SET conflict_type = @conflict_type, title = @title, fields = @fields WHERE id = @id',
  );
  const removeConflict = db.prepare('DELETE FROM website_conflicts WHERE id = ?');
  const conflictCount = db.prepare('SELECT COUNT(*) FROM website_conflicts WHERE site_id = ?').pluck();

  const failures = db.prepare('SELECT * FROM website_failures WHERE site_id = ? ORDER BY id');
  const failure = db.prepare('SELECT * FROM website_failures WHERE site_id = ? AND id = ?');
  const failureOf = db.prepare(
    `SELECT * FROM website_failures WHERE site_id = ? AND kind = ? AND direction = ?
     AND (local_id = ? OR (local_id IS NULL AND ? IS NULL)) AND (remote_id = ? OR (remote_id IS NULL AND ? IS NULL))`,
  );
  const insertFailure = db.prepare(
    `INSERT INTO website_failures (site_id, kind, local_id, remote_id, direction, title, code, message, status,
       created_utc, updated_utc)
     VALUES (@site_id, @kind, @local_id, @remote_id, @direction, @title, @code, @message, @status, @now, @now)`,
  );
  const updateFailure = db.prepare(
    `UPDATE website_failures SET title = @title, code = @code, message = @message, status = @status,
       attempts = attempts + 1, updated_utc = @now WHERE id = @id`,
  );
  const removeFailure = db.prepare('DELETE FROM website_failures WHERE id = ?');
  const failureCount = db.prepare('SELECT COUNT(*) FROM website_failures WHERE site_id = ?').pluck();
  const removeSite = [
    db.prepare('DELETE FROM website_conflicts WHERE site_id = ?'),
    db.prepare('DELETE FROM website_failures WHERE site_id = ?'),
  ];

  type Ref = { kind: ItemKind; local_id: number | null; remote_id: number | null };
  const refArgs = (ref: Ref) => [ref.kind, ref.local_id, ref.local_id, ref.remote_id, ref.remote_id];

  return {
    conflicts: (siteId: number) => conflicts.all(siteId) as ConflictRow[],
    conflict: (siteId: number, id: number) => conflict.get(siteId, id) as ConflictRow | undefined,
    conflictOf: (siteId: number, ref: Ref) => conflictOf.get(siteId, ...refArgs(ref)) as ConflictRow | undefined,
    /** Records the conflict, or replaces what an earlier sync recorded for the same object. */
    putConflict(siteId: number, row: NewConflict, now: string): number {
      const existing = conflictOf.get(siteId, ...refArgs(row)) as ConflictRow | undefined;
      if (existing) {
        if (
          existing.conflict_type !== row.conflict_type ||
          existing.fields !== row.fields ||
          existing.title !== row.title
        )
          updateConflict.run({
            id: existing.id,
            conflict_type: row.conflict_type,
            title: row.title,
            fields: row.fields,
          });
        return existing.id;
      }
      return Number(insertConflict.run(Object.assign({}, row, { site_id: siteId, created_utc: now })).lastInsertRowid);
    },
    removeConflict: (id: number) => void removeConflict.run(id),
    conflictCount: (siteId: number) => conflictCount.get(siteId) as number,

    failures: (siteId: number) => failures.all(siteId) as FailureRow[],
    failure: (siteId: number, id: number) => failure.get(siteId, id) as FailureRow | undefined,
    failureOf: (siteId: number, ref: Ref, direction: 'send' | 'receive') =>
      failureOf.get(siteId, ref.kind, direction, ...refArgs(ref).slice(1)) as FailureRow | undefined,
    /** Records the failure (counting attempts when the same object failed the same way before). */
    putFailure(siteId: number, row: NewFailure, now: string): number {
      const existing = failureOf.get(siteId, row.kind, row.direction, ...refArgs(row).slice(1)) as
        FailureRow | undefined;
      if (existing) {
        updateFailure.run({
          id: existing.id,
          title: row.title,
          code: row.code,
          message: row.message,
          status: row.status,
          now,
        });
        return existing.id;
      }
      return Number(insertFailure.run(Object.assign({}, row, { site_id: siteId, now })).lastInsertRowid);
    },
    removeFailure: (id: number) => void removeFailure.run(id),
    failureCount: (siteId: number) => failureCount.get(siteId) as number,
    forgetSite(siteId: number): void {
      for (const statement of removeSite) statement.run(siteId);
    },
  };
}
