// almanac/v1/changes: its parameter and the messages of the stream (as JSON Schema, for /doc and
// for the renderer's types).
import { Type, type Static } from '@sinclair/typebox';

export const ChangesArgs = Type.Object({
  last_event_id: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'Resume after this change (the `id` of the last message received). The Last-Event-ID header, which EventSource sends by itself on reconnect, does the same and wins.',
    }),
  ),
});

const CHANGE_KINDS = [
  'event',
  'venue',
  'organizer',
  'image',
  'category',
  'tag',
  'site',
  'series',
  'website',
  'all',
] as const;
const CHANGE_ACTIONS = ['create', 'update', 'trash', 'restore', 'delete'] as const;

/** One committed change. `kind` 'all' (after a bulk load): anything on the site may have changed. */
export const Change = Type.Object({
  seq: Type.Integer({ description: 'Its place in the log: increasing, never reused.' }),
  site: Type.String({ description: 'The code of the site it happened on.' }),
  kind: Type.Union(CHANGE_KINDS.map((kind) => Type.Literal(kind))),
  id: Type.Integer({ description: 'The id of the event, venue, organizer, image, term, site or series.' }),
  action: Type.Union(CHANGE_ACTIONS.map((action) => Type.Literal(action))),
});
export type Change = Static<typeof Change>;

/** `event: changes` — one message per batch; its `id` is the last change examined. */
export const ChangesMessage = Type.Object({ changes: Type.Array(Change) });
export type ChangesMessage = Static<typeof ChangesMessage>;

/**
 * `event: ready` — the stream is live (after any backlog); `event: reset` — the changes since the
 * client's id are no longer all in the log (it was away too long, or the data was restored from a
 * backup): refetch everything, then go on from this message's id.
 */
export const StreamStateMessage = Type.Object({ seq: Type.Integer() });
export type StreamStateMessage = Static<typeof StreamStateMessage>;
