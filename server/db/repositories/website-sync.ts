// The website sync's repositories on one connection, prepared once per database handle. Kept out
// of the Store's list: only server/website-sync/ reads and writes these tables.
import type { Db } from '../open.ts';
import { websiteConnectionsRepository } from './website-connections.ts';
import { websiteItemsRepository } from './website-items.ts';
import { websiteProblemsRepository } from './website-problems.ts';

export interface WebsiteRepositories {
  connections: ReturnType<typeof websiteConnectionsRepository>;
  items: ReturnType<typeof websiteItemsRepository>;
  problems: ReturnType<typeof websiteProblemsRepository>;
}

const prepared = new WeakMap<Db, WebsiteRepositories>();

export function websiteRepositories(db: Db): WebsiteRepositories {
  let repos = prepared.get(db);
  if (!repos) {
    repos = {
      connections: websiteConnectionsRepository(db),
      items: websiteItemsRepository(db),
      problems: websiteProblemsRepository(db),
    };
    prepared.set(db, repos);
  }
  return repos;
}
