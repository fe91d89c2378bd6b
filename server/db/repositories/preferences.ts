// The UI's preferences per user (migration 0015).
import type { Db } from '../open.ts';

export type PreferenceValue = string | number | boolean | null;
export type Preferences = Record<string, PreferenceValue>;

export function preferencesRepository(db: Db) {
  const get = db.prepare('SELECT preferences FROM user_preferences WHERE user_id = ?').pluck();
  const put = db.prepare(
    `INSERT INTO user_preferences (user_id, preferences, updated_utc) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences, updated_utc = excluded.updated_utc`,
  );
  return {
    /** The user's preferences; {} when none were saved. */
    of: (userId: number): Preferences => {
      const json = get.get(userId) as string | undefined;
      return json === undefined ? {} : (JSON.parse(json) as Preferences);
    },
    set: (userId: number, preferences: Preferences): void =>
      void put.run(userId, JSON.stringify(preferences), new Date().toISOString()),
  };
}
