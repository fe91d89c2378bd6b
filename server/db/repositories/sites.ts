// Sites: independent calendars in one data dir, each with its own settings and id sequences.
import type { Db } from '../open.ts';
import { defaultCurrency, type Currency } from '../../domain/currency.ts';
import { rowReader } from '../row-reader.ts';

export interface Site {
  id: number;
  code: string;
  title: string;
  timezone: string;
  language: string;
  perPage: number;
  requireAuth: boolean;
  geoRadiusKm: number;
  currencySymbol: string;
  currencyPosition: 'prefix' | 'postfix';
  currencyCode: string;
  /** How many months ahead the occurrences of a series that never ends exist. */
  seriesHorizonMonths: number;
}

interface SiteRow {
  id: number;
  code: string;
  title: string;
  timezone: string;
  language: string;
  per_page: number;
  require_auth: number;
  geo_radius_km: number;
  currency_symbol: string;
  currency_position: string;
  currency_code: string;
  series_horizon_months: number;
}

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    timezone: row.timezone,
    language: row.language,
    perPage: row.per_page,
    requireAuth: row.require_auth === 1,
    geoRadiusKm: row.geo_radius_km,
    currencySymbol: row.currency_symbol,
    currencyPosition: row.currency_position === 'postfix' ? 'postfix' : 'prefix',
    currencyCode: row.currency_code,
    seriesHorizonMonths: row.series_horizon_months,
  };
}

export function sitesRepository(db: Db) {
  const created = db.prepare('SELECT created_utc FROM sites WHERE id = ?').pluck();
  const byCode = rowReader<SiteRow>(db.prepare('SELECT * FROM sites WHERE code = ?'));
  const all = db.prepare('SELECT * FROM sites ORDER BY id');
  const insert = db.prepare(
    `INSERT INTO sites (code, title, timezone, language, per_page, created_utc, currency_symbol, currency_position,
       currency_code) VALUES (@code, @title, @timezone, @language, @perPage, @created, @symbol, @position, @currencyCode)`,
  );
  const update = db.prepare(
    `UPDATE sites SET title = coalesce(@title, title), timezone = coalesce(@timezone, timezone),
       per_page = coalesce(@perPage, per_page), currency_symbol = coalesce(@symbol, currency_symbol),
       currency_position = coalesce(@position, currency_position), currency_code = coalesce(@currencyCode, currency_code),
       series_horizon_months = coalesce(@horizonMonths, series_horizon_months) WHERE code = @code`,
  );
  const takePost = db.prepare(
    'UPDATE sites SET next_post_id = next_post_id + 1 WHERE id = ? RETURNING next_post_id - 1 AS id',
  );
  const takePosts = db.prepare(
    'UPDATE sites SET next_post_id = next_post_id + ? WHERE id = ? RETURNING next_post_id - ? AS id',
  );
  const postSequence = db.prepare('SELECT next_post_id FROM sites WHERE id = ?').pluck();
  const setPostSequence = db.prepare('UPDATE sites SET next_post_id = ? WHERE id = ?');
  /** The post ids handed out in memory inside withPostIdsInMemory: its site and its next id. */
  let held: { siteId: number; next: number } | undefined;
  const takeTerm = db.prepare(
    'UPDATE sites SET next_term_id = next_term_id + 1 WHERE id = ? RETURNING next_term_id - 1 AS id',
  );

  return {
    /** When the site was created: with its id, what tells it apart from other installs' sites. */
    createdUtc: (siteId: number) => (created.get(siteId) as string | undefined) ?? '',
    byCode(code: string): Site | undefined {
      const row = byCode.get(code);
      return row && toSite(row);
    },
    list(): Site[] {
      return (all.all() as SiteRow[]).map(toSite);
    },
    /** A new site; its currency, unless given, is the one its place and language suggest. */
    create(site: {
      code: string;
      title: string;
      timezone: string;
      language: string;
      perPage?: number;
      currency?: Currency;
    }): Site {
      const currency = site.currency ?? defaultCurrency(site.language, site.timezone);
      insert.run({
        code: site.code,
        title: site.title,
        timezone: site.timezone,
        language: site.language,
        perPage: site.perPage ?? 10,
        created: new Date().toISOString(),
        symbol: currency.symbol,
        position: currency.position,
        currencyCode: currency.code,
      });
      return this.byCode(site.code)!;
    },
    /** Changes what is given (undefined: kept); returns the site as it is now. */
    update(
      code: string,
      changes: {
        title?: string;
        timezone?: string;
        perPage?: number;
        currency?: Partial<Currency>;
        seriesHorizonMonths?: number;
      },
    ): Site {
      update.run({
        code,
        title: changes.title ?? null,
        timezone: changes.timezone ?? null,
        perPage: changes.perPage ?? null,
        symbol: changes.currency?.symbol ?? null,
        position: changes.currency?.position ?? null,
        currencyCode: changes.currency?.code ?? null,
        horizonMonths: changes.seriesHorizonMonths ?? null,
      });
      return this.byCode(code)!;
    },
    /** The next id of the site's one post sequence (never reused: the counter only grows). */
    nextPostId(siteId: number): number {
      if (held?.siteId === siteId) return held.next++;
      return (takePost.get(siteId) as { id: number }).id;
    },
    /** `count` ids of the post sequence at once: the first of them (the others follow it). */
    nextPostIds(siteId: number, count: number): number {
      if (held?.siteId === siteId) {
        const first = held.next;
        held.next += count;
        return first;
      }
      return (takePosts.get(count, siteId, count) as { id: number }).id;
    },
    /**
     * Runs `work` — inside the caller's transaction — with the site's post sequence counted in
     * memory and written back once at the end: an import of 10k events otherwise spent ~6 % of its
     * time in 10k `UPDATE … RETURNING`s of the same row. Sound only inside one transaction, where
     * no other connection can take an id meanwhile; if `work` throws, the transaction's rollback
     * undoes whatever used the ids, and the row was never changed. Ids are handed out in the same
     * order as before; those taken inside a savepoint that rolled back are skipped, not reused (the
     * sequence only grows: a gap is harmless).
     */
    withPostIdsInMemory<T>(siteId: number, work: () => T): T {
      if (!db.inTransaction) throw new Error('withPostIdsInMemory needs a transaction');
      if (held) return work(); // already counting (one import, one site)
      held = { siteId, next: postSequence.get(siteId) as number };
      try {
        const result = work();
        setPostSequence.run(held.next, siteId);
        return result;
      } finally {
        held = undefined;
      }
    },
    nextTermId(siteId: number): number {
      return (takeTerm.get(siteId) as { id: number }).id;
    },
  };
}
