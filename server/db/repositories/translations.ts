// Per-language variants of translatable fields (contract §1): one row per item, language, field.
import type { Db } from '../open.ts';
import { prepareCached } from '../statements.ts';

export type TranslationKind = 'post' | 'term';

export function translationsRepository(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO translations (site_id, kind, object_id, language, field, value) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (site_id, kind, object_id, language, field) DO UPDATE SET value = excluded.value`,
  );
  const removeAll = db.prepare('DELETE FROM translations WHERE site_id = ? AND kind = ? AND object_id = ?');

  return {
    save(
      siteId: number,
      kind: TranslationKind,
      objectId: number,
      language: string,
      fields: Record<string, string>,
    ): void {
      for (const [field, value] of Object.entries(fields)) upsert.run(siteId, kind, objectId, language, field, value);
    },

    removeAll(siteId: number, kind: TranslationKind, objectId: number): void {
      removeAll.run(siteId, kind, objectId);
    },

    /** object id → {field: value} of one language, for a page of items in one query. */
    load(
      siteId: number,
      kind: TranslationKind,
      objectIds: number[],
      language: string,
    ): Map<number, Record<string, string>> {
      const result = new Map<number, Record<string, string>>();
      if (objectIds.length === 0) return result;
      const unique = [...new Set(objectIds)];
      const rows = prepareCached(
        db,
        `SELECT object_id, field, value FROM translations WHERE site_id = ? AND kind = ? AND language = ?
           AND object_id IN (${unique.map(() => '?').join(',')})`,
      ).all(siteId, kind, language, ...unique) as { object_id: number; field: string; value: string }[];
      for (const row of rows) {
        const fields = result.get(row.object_id) ?? {};
        fields[row.field] = row.value;
        result.set(row.object_id, fields);
      }
      return result;
    },
  };
}
