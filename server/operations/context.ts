// What an operation on the calendar knows of its caller: the store, the site it acts on and who
// acts (user and role). Nothing of the protocol that brought the request: REST routes pass their
// request context (which adds URLs), the importer, the CLI and later protocols make their own.
import type { Store } from '../db/store.ts';
import type { Site } from '../db/repositories/sites.ts';
import type { Actor } from '../domain/roles.ts';
import type { LookupMemo } from './lookup-memo.ts';

export interface OperationContext {
  store: Store;
  site: Site;
  /** null for anonymous callers. */
  actor: Actor | null;
  /** Set by an operation of many writes in one transaction (an import): look-ups it may remember. */
  memo?: LookupMemo;
}

/**
 * The install administrator acting on the site `siteCode` (default: the default site): what the
 * person at the machine is when they use the command line.
 */
export function administratorContext(store: Store, siteCode = 'default'): OperationContext {
  const site = store.sites.byCode(siteCode);
  if (!site) throw new Error(`no site "${siteCode}" (see \`almanac site list\`)`);
  const admin = store.users.installAdministrator();
  if (!admin) throw new Error('this data dir has no install administrator');
  return { store, site, actor: { userId: admin.id, login: admin.login, role: 'administrator' } };
}
