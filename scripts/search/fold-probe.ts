// Reads, from SQLite itself, how the search index's tokenizer folds every Unicode code point: the
// generator of server/domain/search-fold-table.ts and the test that keeps that table true to the
// SQLite the app ships both call this.
import Database from 'better-sqlite3';
import { SEARCH_TOKENIZER } from '../../server/domain/search-fold.ts';

/** code point → what the tokenizer reads it as: another code point, or null when it drops it. */
export type FoldChanges = Map<number, number | null>;

const LAST_CODE_POINT = 0x10ffff;
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/**
 * Every code point the tokenizer does not read as itself. Each code point goes in as a row of its
 * own, three times over (one trigram); the row's one token in fts5vocab says what it became, and a
 * row without a token was dropped (a combining mark, with remove_diacritics).
 */
export function probeSqliteFold(): FoldChanges {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE probe USING fts5(text, tokenize = '${SEARCH_TOKENIZER}');
      CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, 'instance');`);
    const insert = db.prepare('INSERT INTO probe (rowid, text) VALUES (?, ?)');
    db.transaction(() => {
      for (let c = 1; c <= LAST_CODE_POINT; c++) {
        if (isSurrogate(c)) continue;
        insert.run(c, String.fromCodePoint(c).repeat(3));
      }
    })();
    const seen = new Map<number, number>();
    for (const row of db.prepare('SELECT term, doc FROM probe_terms').iterate() as Iterable<{
      term: string;
      doc: number;
    }>) {
      seen.set(row.doc, row.term.codePointAt(0)!);
    }
    const changes: FoldChanges = new Map();
    for (let c = 1; c <= LAST_CODE_POINT; c++) {
      if (isSurrogate(c)) continue;
      const folded = seen.get(c);
      if (folded === undefined) changes.set(c, null);
      else if (folded !== c) changes.set(c, folded);
    }
    return changes;
  } finally {
    db.close();
  }
}
