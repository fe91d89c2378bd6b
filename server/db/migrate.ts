// Versioned migrations: server/db/migrations/NNNN-name.sql, applied in order, each in its own
// transaction. The SHA-256 of every applied file is recorded; a database whose applied
// migrations were edited afterwards is refused, because its schema no longer matches the code.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
  sha256: string;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(dir + file, 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.replace(/\.sql$/, ''),
        sql,
        sha256: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

export class MigrationError extends Error {}

/** How many migrations `migrate` would apply, and whether the database already had any. */
export function pendingMigrations(
  db: Database.Database,
  migrations = loadMigrations(),
): { pending: number; existing: boolean } {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!hasTable) return { pending: migrations.length, existing: false };
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  return { pending: migrations.filter((m) => !applied.has(m.version)).length, existing: applied.size > 0 };
}

export function migrate(db: Database.Database, migrations = loadMigrations()): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_utc TEXT NOT NULL)`);
  const applied = new Map(
    (db.prepare('SELECT version, name, sha256 FROM schema_migrations').all() as Migration[]).map((m) => [m.version, m]),
  );
  const known = new Set(migrations.map((m) => m.version));
  for (const version of applied.keys()) {
    if (!known.has(version)) {
      throw new MigrationError(`database has migration ${version}, which this version of Almanac does not know`);
    }
  }
  let count = 0;
  for (const migration of migrations) {
    const done = applied.get(migration.version);
    if (done) {
      if (done.sha256 !== migration.sha256) {
        throw new MigrationError(`migration ${migration.name} was changed after it was applied; refusing to open`);
      }
      continue;
    }
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, sha256, applied_utc) VALUES (?, ?, ?, ?)').run(
        migration.version,
        migration.name,
        migration.sha256,
        new Date().toISOString(),
      );
    })();
    count++;
  }
  return count;
}
