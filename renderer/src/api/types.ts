// The API's bodies, typed from the server's own schemas (one source of truth): the same TypeBox
// schemas validate requests, serialize responses and generate /doc. Types only: nothing of the
// server is bundled into the UI.
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  Event as EventSchema,
  Organizer as OrganizerSchema,
  Term as TermSchema,
  Venue as VenueSchema,
  EmbeddedTerm as EmbeddedTermSchema,
} from '../../../contract/representations.ts';
import type { EventCreateArgs } from '../../../contract/events.ts';
import type { venueFields } from '../../../contract/venues.ts';
import type { organizerFields } from '../../../contract/organizers.ts';
import type { EventFeed as EventFeedSchema, FeedEvent as FeedEventSchema } from '../../../contract/app/feed.ts';
import type { TokenCreated as TokenCreatedSchema, TokenList as TokenListSchema } from '../../../contract/app/tokens.ts';
import type { OriginList as OriginListSchema } from '../../../contract/app/origins.ts';
import type {
  CsvColumns as CsvColumnsSchema,
  ImportKind as ImportKindSchema,
  ImportSkip as ImportSkipSchema,
  ImportSummary as ImportSummarySchema,
} from '../../../contract/app/import-summary.ts';
import type { ImportJob as ImportJobSchema } from '../../../contract/app/import-job.ts';
import type { Backup as BackupSchema, BackupList as BackupListSchema } from '../../../contract/app/backups.ts';
import type { Health as HealthSchema, Problem as ProblemSchema } from '../../../contract/app/health.ts';
import type { SearchIndexProgress as SearchIndexProgressSchema } from '../../../contract/app/search-index.ts';
import type { Change as ChangeSchema, ChangesMessage as ChangesMessageSchema } from '../../../contract/app/changes.ts';
import type {
  CommandLine as CommandLineSchema,
  Session as SessionSchema,
  SiteSummary as SiteSummarySchema,
} from '../../../contract/app/session.ts';

export type Event = Static<typeof EventSchema>;
export type Venue = Static<typeof VenueSchema>;
export type Organizer = Static<typeof OrganizerSchema>;
export type Term = Static<typeof TermSchema>;
export type EmbeddedTerm = Static<typeof EmbeddedTermSchema>;
export type FeedEvent = Static<typeof FeedEventSchema>;
export type EventFeed = Static<typeof EventFeedSchema>;
export type Session = Static<typeof SessionSchema>;
export type CommandLine = Static<typeof CommandLineSchema>;
export type SiteSummary = Static<typeof SiteSummarySchema>;
export type TokenList = Static<typeof TokenListSchema>;
export type TokenCreated = Static<typeof TokenCreatedSchema>;
export type Change = Static<typeof ChangeSchema>;
export type Backup = Static<typeof BackupSchema>;
export type ImportSummary = Static<typeof ImportSummarySchema>;
export type ImportSkip = Static<typeof ImportSkipSchema>;
export type ImportJob = Static<typeof ImportJobSchema>;
export type CsvColumns = Static<typeof CsvColumnsSchema>;
export type ImportKind = Static<typeof ImportKindSchema>;
export type BackupList = Static<typeof BackupListSchema>;
export type Health = Static<typeof HealthSchema>;
export type Problem = Static<typeof ProblemSchema>;
export type SearchIndexProgress = Static<typeof SearchIndexProgressSchema>;
export type OriginList = Static<typeof OriginListSchema>;
export type ChangesMessage = Static<typeof ChangesMessageSchema>;

/** The body of an event create or update (every field optional on update). */
export type EventWrite = Partial<Static<typeof EventCreateArgs>>;

type Fields<T extends Record<string, TSchema>> = { [K in keyof T]?: Static<T[K]> };
export type VenueWrite = Fields<typeof venueFields>;
export type OrganizerWrite = Fields<typeof organizerFields>;
export interface TermWrite {
  name?: string;
  description?: string;
  slug?: string;
  parent?: number;
}

export interface EventList {
  events: Event[];
  total: number;
  total_pages: number;
}

export type Taxonomy = 'categories' | 'tags';
