// The relations an event write names: venue/organizer (ids, {id}, inline objects) and
// categories/tags (ids or names). Parsed in the validation phase, resolved (creating inline
// venues, organizers and terms) in the handler's transaction.
import type { OperationContext } from '../context.ts';
import { type ParamErrors, OperationError, said } from '../errors.ts';
import type { Taxonomy } from '../../db/repositories/terms.ts';
import { can } from '../../domain/roles.ts';
import { sanitizeSlug, uniqueSlug } from '../../domain/slug.ts';
import { termName } from '../../domain/html.ts';
import {
  findIdentical,
  insertLinked,
  prepareLinked,
  type LinkedType,
  type LinkedWriteArgs,
  type PreparedLinked,
} from '../linked/writes.ts';

export type LinkRef = { id: number } | { create: LinkedWriteArgs; prepared: PreparedLinked };

function isEmptyLink(value: unknown): boolean {
  return value === '' || value === 0 || value === '0' || (Array.isArray(value) && value.length === 0);
}

/** Parses the event's `venue`/`organizer` value; undefined when absent (leave links unchanged). */
export function parseLinks(
  ctx: OperationContext,
  type: LinkedType,
  value: unknown,
  errors: ParamErrors,
): LinkRef[] | undefined {
  if (value === undefined) return undefined;
  if (isEmptyLink(value)) return [];
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.includes(',')
      ? value.split(',')
      : [value];
  const refs: LinkRef[] = [];
  for (const item of items) {
    if (isEmptyLink(item)) continue;
    let id: number | undefined;
    if (typeof item === 'number') id = item;
    else if (typeof item === 'string' && /^\s*\d+\s*$/.test(item)) id = Number(item);
    else if (item && typeof item === 'object' && 'id' in item && item.id !== undefined) id = Number(item.id);
    else if (item && typeof item === 'object') {
      const fields = item as LinkedWriteArgs;
      if (typeof fields[type] !== 'string' || fields[type].trim() === '') {
        errors.add(type, said('name_needed', `An inline ${type} needs a non-empty "${type}" name.`));
        continue;
      }
      refs.push({ create: fields, prepared: prepareLinked(ctx, type, fields, errors, () => type) });
      continue;
    } else {
      errors.add(type, `${type} must be an ID, {"id": N} or the fields of a new ${type}.`);
      continue;
    }
    const found = !Number.isSafeInteger(id)
      ? undefined
      : ctx.memo
        ? ctx.memo.postType(ctx, id)
        : ctx.store.posts.typeOf(ctx.site.id, id);
    if (found !== type) errors.add(type, said('not_found', `${type} ${id} does not exist.`, { id: String(id) }));
    else refs.push({ id });
  }
  return refs;
}

/** Handler phase: ids in order, creating inline ones (or reusing an identical existing one). */
export function resolveLinks(ctx: OperationContext, type: LinkedType, refs: LinkRef[], language?: string): number[] {
  const ids: number[] = [];
  for (const ref of refs) {
    let id: number;
    if ('id' in ref) id = ref.id;
    else {
      if (!can.createPosts(ctx.actor))
        throw new OperationError('forbidden', 'rest_forbidden', `Sorry, you are not allowed to create a ${type}.`);
      id = findIdentical(ctx, type, ref.prepared)?.id ?? insertLinked(ctx, type, ref.create, ref.prepared, language);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export type TermRef = { id: number } | { name: string };

/** Parses `categories`/`tags`: ids (unknown ones skipped, as the reference) or names/slugs. */
export function parseTermRefs(ctx: OperationContext, taxonomy: Taxonomy, value: unknown): TermRef[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const refs: TermRef[] = [];
  for (const item of items) {
    if (typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item.trim()))) {
      const id = Number(item);
      const found = ctx.memo ? ctx.memo.termTaxonomy(ctx, id) : ctx.store.terms.get(ctx.site.id, id)?.taxonomy;
      if (found === taxonomy) refs.push({ id });
    } else if (typeof item === 'string' && item.trim() !== '') {
      const given = item.trim();
      // Names are stored as WordPress stores them ("Sports &amp; Games"); one written either way
      // finds it (and a name stored before that rule, as it was written).
      const name = termName(given) || given;
      const term =
        ctx.store.terms.bySlug(ctx.site.id, taxonomy, given) ??
        ctx.store.terms.byName(ctx.site.id, taxonomy, name) ??
        ctx.store.terms.byName(ctx.site.id, taxonomy, given) ??
        ctx.store.terms.bySlug(ctx.site.id, taxonomy, sanitizeSlug(given));
      refs.push(term ? { id: term.id } : { name });
    }
  }
  return refs;
}

/**
 * Handler phase: term ids, creating unknown names. Creating a term needs the same role as the
 * term endpoints (authors for categories, editors for tags) — a deviation: the reference lets
 * contributors create terms this way.
 */
export function resolveTermRefs(ctx: OperationContext, taxonomy: Taxonomy, refs: TermRef[]): number[] {
  const ids: number[] = [];
  for (const ref of refs) {
    let id: number;
    if ('id' in ref) id = ref.id;
    else {
      // The same new name may appear twice in one write ("Jazz", "jazz"): create it once.
      const created = ctx.store.terms.byName(ctx.site.id, taxonomy, ref.name);
      if (created) {
        if (!ids.includes(created.id)) ids.push(created.id);
        continue;
      }
      const allowed = taxonomy === 'category' ? can.manageCategories(ctx.actor) : can.manageTags(ctx.actor);
      if (!allowed) {
        throw new OperationError(
          'forbidden',
          'rest_cannot_create_term',
          `Sorry, you are not allowed to create the ${taxonomy} "${ref.name}".`,
        );
      }
      id = ctx.store.sites.nextTermId(ctx.site.id);
      const slug = uniqueSlug(
        sanitizeSlug(ref.name) || taxonomy,
        (s) => ctx.store.terms.bySlug(ctx.site.id, taxonomy, s) !== undefined,
      );
      ctx.store.terms.insert({ site_id: ctx.site.id, id, taxonomy, name: ref.name, slug, description: '', parent: 0 });
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
