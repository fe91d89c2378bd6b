// almanac/v1/sites/{code}/website: a site's two-way sync with a The Events Calendar website
// (issue 38) — connect, the sync's state, sync now, resolve a conflict, retry a failure, an
// event's place on the website, disconnect. These schemas validate the requests, type the
// server's handlers and the renderer's client, and make /doc.
import { Type, type Static } from '@sinclair/typebox';
import { pathId } from '../args.ts';

const code = Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64, description: 'The site code.' });

export const WEBSITE_MODES = ['publish', 'import', 'merge'] as const;

export const WebsiteArgs = Type.Object({ code });

export const WebsiteConnectArgs = Type.Object({
  code,
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: "The website's address (https://…; a bare host is https).",
  }),
  user: Type.String({ minLength: 1, maxLength: 200, description: 'The WordPress user name.' }),
  password: Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'An application password of that user (WordPress: Users → Profile → Application Passwords). Kept outside the calendar file; never shown again.',
  }),
  mode: Type.Optional(
    Type.Union(
      WEBSITE_MODES.map((mode) => Type.Literal(mode)),
      {
        default: 'merge',
        description:
          "The first sync: publish (this calendar goes to the website; the website's events stay there), import (the website's events come here; ours stay here), merge (the same events — title and start — are paired, the rest goes both ways).",
      },
    ),
  ),
});
export type WebsiteConnectArgs = Static<typeof WebsiteConnectArgs>;

export const WebsiteResolveArgs = Type.Object({
  code,
  id: pathId('The conflict ID.'),
  keep: Type.Union([Type.Literal('mine'), Type.Literal('theirs')], {
    description: "mine: Almanac's side is sent to the website; theirs: the website's side is written here.",
  }),
});

export const WebsiteFailureArgs = Type.Object({ code, id: pathId('The failure ID.') });
export const WebsiteEventArgs = Type.Object({ code, id: pathId('The event ID.') });

export const WebsiteAuthorizeArgs = Type.Object({
  code,
  url: Type.String({ minLength: 1, maxLength: 2048, description: "The website's address." }),
  success_url: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'Where WordPress sends the user name and the new password (an https:// address, a custom scheme such as almanac://, or http:// only for a local website). Left out: WordPress shows the new password on its page, for the user to copy into Almanac.',
    }),
  ),
});

/** A field's value as the sync compares it: text, yes/no, a number, ids (venue, organizers, terms). */
const FieldValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.Integer())]);

const kind = Type.Union(['event', 'venue', 'organizer', 'category', 'tag', 'image'].map((k) => Type.Literal(k)));

export const WebsiteConflict = Type.Object({
  id: Type.Integer(),
  kind,
  local_id: Type.Union([Type.Integer(), Type.Null()], { description: "Almanac's id (null: it is gone here)." }),
  remote_id: Type.Union([Type.Integer(), Type.Null()], { description: "The website's id." }),
  type: Type.Union([Type.Literal('fields'), Type.Literal('deleted_here'), Type.Literal('deleted_there')], {
    description:
      'fields: the same fields changed on both sides; deleted_here: deleted here, changed on the website; deleted_there: deleted on the website, changed here.',
  }),
  title: Type.String(),
  fields: Type.Array(
    Type.Object({
      field: Type.String({ description: 'title, description, start, end, cost, venue, organizers, categories…' }),
      base: FieldValue,
      mine: FieldValue,
      theirs: FieldValue,
    }),
  ),
  created: Type.String({ description: 'ISO 8601, UTC.' }),
});
export type WebsiteConflict = Static<typeof WebsiteConflict>;

export const WebsiteFailure = Type.Object({
  id: Type.Integer(),
  kind,
  local_id: Type.Union([Type.Integer(), Type.Null()]),
  remote_id: Type.Union([Type.Integer(), Type.Null()]),
  direction: Type.Union([Type.Literal('send'), Type.Literal('receive')]),
  title: Type.String(),
  code: Type.String({ description: "The website's error code, or ours (end_before_start, image_unreadable…)." }),
  reason: Type.String({
    description:
      "Why, as a stable code to say in the UI's language: website_forbidden (the WordPress user may not change it), website_refused (the website refused it as sent), website_error, almanac_refused (Almanac refused what the website holds), almanac_error, or one of Almanac's refusals to send (end_before_start, bad_dates, empty_title, no_venue, no_organizer, no_category, no_tag, linked_not_sent, image_refused, no_image, image_unreadable).",
  }),
  detail: Type.Union([Type.String(), Type.Null()], {
    description: "The website's (or Almanac's check's) own words, beside the reason; null when the reason says it all.",
  }),
  message: Type.String({ description: 'Why, in English words.' }),
  status: Type.Union([Type.Integer(), Type.Null()], { description: "The website's HTTP status, when it answered." }),
  attempts: Type.Integer(),
  updated: Type.String({ description: 'ISO 8601, UTC.' }),
});
export type WebsiteFailure = Static<typeof WebsiteFailure>;

const Summary = Type.Object({
  sent: Type.Integer(),
  received: Type.Integer(),
  conflicts: Type.Integer(),
  failures: Type.Integer(),
  requests: Type.Integer({ description: 'Requests made to the website.' }),
  sweep: Type.Boolean({ description: 'A full read of the website (at the first sync and every two hours).' }),
});

export const WebsiteState = Type.Object({
  connected: Type.Boolean(),
  url: Type.Union([Type.String(), Type.Null()]),
  login: Type.Union([Type.String(), Type.Null()]),
  mode: Type.Union([...WEBSITE_MODES.map((mode) => Type.Literal(mode)), Type.Null()]),
  first_sync_done: Type.Boolean(),
  password_kept: Type.String({ description: 'Where the password is kept, in words.' }),
  password_place: Type.Object(
    {
      kind: Type.Union([Type.Literal('keychain'), Type.Literal('file'), Type.Literal('file_no_keychain')], {
        description:
          "keychain: encrypted with the system's keychain; file: a file only you may read; file_no_keychain: that file, since this system offers no keychain.",
      }),
      file: Type.String({ description: 'The file in the data folder.' }),
    },
    { description: 'Where the password is kept, for the UI to say in its language.' },
  ),
  syncing: Type.Boolean({ description: 'A sync of the site is running (here or at the command line).' }),
  paused_reason: Type.Union([Type.String(), Type.Null()], {
    description: 'Not null: syncing waits for the user (the website refused the password): connect again.',
  }),
  last_sync: Type.Union([Type.String(), Type.Null()], { description: 'The last sync that finished (ISO 8601, UTC).' }),
  last_attempt: Type.Union([Type.String(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the last attempt failed, in English words (null after a good one).',
  }),
  last_error_code: Type.Union([Type.String(), Type.Null()], {
    description:
      "Why the last attempt failed, as the sync's failure code (busy, paused, auth, unreachable, website_error, not_connected, no_password, error) to say in the UI's language.",
  }),
  last_summary: Type.Union([Summary, Type.Null()]),
  changes_waiting: Type.Integer({ description: 'Local changes queued for the website.' }),
  conflicts: Type.Array(WebsiteConflict),
  failures: Type.Array(WebsiteFailure),
});
export type WebsiteState = Static<typeof WebsiteState>;

export const WebsiteConnected = Type.Composite([
  WebsiteState,
  Type.Object({
    site_name: Type.String({ description: "The website's name." }),
    limits: Type.Array(Type.String(), { description: 'What the WordPress user may not do there (the sync goes on).' }),
  }),
]);

export const WebsiteSyncOutcome = Type.Object({
  ok: Type.Boolean({ description: 'Both sides agree, nothing waits.' }),
  summary: Summary,
  failure: Type.Union([
    Type.Object({
      code: Type.String({
        description: 'busy, paused, auth, unreachable, website_error, not_connected, no_password, error',
      }),
      message: Type.String(),
    }),
    Type.Null(),
  ]),
  state: WebsiteState,
});
export type WebsiteSyncOutcome = Static<typeof WebsiteSyncOutcome>;

export const WebsiteEventState = Type.Object({
  event: Type.Integer(),
  on_website: Type.Boolean({ description: 'Paired with an event of the website.' }),
  remote_id: Type.Union([Type.Integer(), Type.Null()]),
  left_out: Type.Boolean({
    description: 'Kept off the website on purpose (it was here before an "import" connection).',
  }),
  not_on_website: Type.Array(
    Type.Union([
      Type.Literal('translations'),
      Type.Literal('currency_code'),
      Type.Literal('symbol_after_amount'),
      Type.Literal('repeat_rule'),
      Type.Literal('password'),
    ]),
    { description: 'What of this event The Events Calendar cannot hold: it stays in Almanac only.' },
  ),
  conflict: Type.Union([Type.Integer(), Type.Null()], { description: 'A conflict waiting on it.' }),
  failure: Type.Union([WebsiteFailure, Type.Null()]),
});
export type WebsiteEventState = Static<typeof WebsiteEventState>;

export const WebsiteAuthorization = Type.Object({
  authorize_url: Type.String({ description: "WordPress's authorize-application page, to open in the browser." }),
  app_id: Type.String({ description: 'The application id WordPress records with the new password.' }),
});
