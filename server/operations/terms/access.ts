// Finding the category or tag a request names; an unknown id is a 400 on `id`, as the reference.
import type { OperationContext } from '../context.ts';
import { invalidParam } from '../errors.ts';
import type { TermRow } from '../../db/repositories/terms.ts';
import type { TaxonomyConfig } from './taxonomies.ts';

export function findTerm(ctx: OperationContext, r: TaxonomyConfig, id: unknown): TermRow {
  const term = typeof id === 'number' && id > 0 ? ctx.store.terms.get(ctx.site.id, id) : undefined;
  if (!term || term.taxonomy !== r.taxonomy) throw invalidParam('id', `Invalid ${r.noun} ID.`);
  return term;
}
