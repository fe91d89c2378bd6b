// The store: one database connection and the repositories built on it. Services receive the
// store; only repositories hold SQL.
import { openDatabase, type Db } from './open.ts';
import { sitesRepository } from './repositories/sites.ts';
import { usersRepository } from './repositories/users.ts';
import { postsRepository } from './repositories/posts.ts';
import { termsRepository } from './repositories/terms.ts';
import { eventListRepository } from './repositories/event-list.ts';
import { linkedListRepository } from './repositories/linked-list.ts';
import { termListRepository } from './repositories/term-list.ts';
import { translationsRepository } from './repositories/translations.ts';

export interface Store {
  db: Db;
  sites: ReturnType<typeof sitesRepository>;
  users: ReturnType<typeof usersRepository>;
  posts: ReturnType<typeof postsRepository>;
  terms: ReturnType<typeof termsRepository>;
  eventList: ReturnType<typeof eventListRepository>;
  linkedList: ReturnType<typeof linkedListRepository>;
  termList: ReturnType<typeof termListRepository>;
  translations: ReturnType<typeof translationsRepository>;
  /** Runs `fn` in one transaction: a failed request changes nothing (contract §6). */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function createStore(db: Db): Store {
  return {
    db,
    sites: sitesRepository(db),
    users: usersRepository(db),
    posts: postsRepository(db),
    terms: termsRepository(db),
    eventList: eventListRepository(db),
    linkedList: linkedListRepository(db),
    termList: termListRepository(db),
    translations: translationsRepository(db),
    transaction: <T>(fn: () => T) => db.transaction(fn)(),
    close: () => db.close(),
  };
}

export function openStore(file: string): Store {
  return createStore(openDatabase(file));
}
