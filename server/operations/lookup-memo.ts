// Look-ups an operation may remember while it runs, for an operation that makes many writes in
// one transaction and names the same rows again and again: an import of 10k events checked each
// event's venue and organizer ids (`SELECT type FROM posts`, ~20k times) and its category ids
// (`SELECT * FROM terms`, ~10k times) though they named a few dozen rows. Only facts that cannot
// change under the operation are kept — a post's type and a term's taxonomy never change, and no
// other connection writes during its transaction — and only rows found (an id not found may be
// one the operation creates later).
import type { OperationContext } from './context.ts';
import type { PostType } from '../db/repositories/posts.ts';
import type { Taxonomy } from '../db/repositories/terms.ts';

export class LookupMemo {
  private readonly postTypes = new Map<number, PostType>();
  private readonly taxonomies = new Map<number, Taxonomy>();

  postType(ctx: OperationContext, id: number): PostType | undefined {
    let type = this.postTypes.get(id);
    if (type === undefined) {
      type = ctx.store.posts.typeOf(ctx.site.id, id);
      if (type !== undefined) this.postTypes.set(id, type);
    }
    return type;
  }

  termTaxonomy(ctx: OperationContext, id: number): Taxonomy | undefined {
    let taxonomy = this.taxonomies.get(id);
    if (taxonomy === undefined) {
      taxonomy = ctx.store.terms.get(ctx.site.id, id)?.taxonomy;
      if (taxonomy !== undefined) this.taxonomies.set(id, taxonomy);
    }
    return taxonomy;
  }
}
