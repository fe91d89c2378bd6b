// almanac/v1/series — repeating events. The occurrences are events of svc/events/v1 (post_parent
// = the series' first occurrence); these routes manage the rule and the edits of more than one
// occurrence: "all events" (PATCH), "this and following" (split, or DELETE with `occurrence`), and
// "does not repeat" from an occurrence on (stop). "This event only" is any svc/events/v1 write to
// the occurrence itself. The operations
// (operations/series/) check and write; this file adds what HTTP needs.
import { Type } from '@sinclair/typebox';
import { EDITABLE, endpoint, type HandlerInput, type RouteSpec } from '../../http/route.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import {
  Series,
  SeriesCreateArgs,
  SeriesDeleteArgs,
  SeriesEditArgs,
  SeriesPreview,
  SeriesPreviewArgs,
  SeriesReadArgs,
  SeriesSplitArgs,
  SeriesStopArgs,
  SeriesUndoArgs,
  SeriesUndone,
} from '../../../contract/app/series.ts';
import { MAX_SERIES_OCCURRENCES } from '../../../contract/recurrence.ts';
import { forbidden, ParamErrors } from '../../operations/errors.ts';
import { can } from '../../domain/roles.ts';
import { isValidTimezone, parseDateInput, formatWall } from '../../domain/dates.ts';
import { findOccurrence, findSeries, horizonFor } from '../../operations/series/series-state.ts';
import {
  authorizeSeries,
  checkRule,
  createSeries,
  editSeries,
  prepareSeriesCreate,
  prepareSeriesEdit,
  splitSeries,
  type PreparedSeries,
  type SeriesInput,
} from '../../operations/series/series-writes.ts';
import {
  deleteSeries,
  restoreSeries,
  stopRepeating,
  trashFollowing,
  trashSeries,
} from '../../operations/series/series-removal.ts';
import { slotsOf } from '../../operations/series/slots.ts';
import { beforeSeriesChange, keepUndo, undoSeriesChange } from '../../operations/series/series-undo.ts';
import { endsOf, presentSeries, wordsOf } from './present-series.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const ITEM = { description: 'The series.', schema: Series };
const denied = { 401: error('Not signed in.'), 403: error('Not allowed to edit the series.') };

type Input = HandlerInput<Record<string, unknown>>;
const idOf = (input: Input) => input.args.id as number;
const firstOf = (input: Input) => {
  const series = findSeries(input.ctx, idOf(input));
  return input.ctx.store.posts.get(input.ctx.site.id, series.first_id);
};
const permitEdit = (input: Input) => authorizeSeries(input.ctx, firstOf(input));

function read(input: Input) {
  const { ctx } = input;
  const series = findSeries(ctx, idOf(input));
  const first = ctx.store.posts.get(ctx.site.id, series.first_id);
  if (!first || !can.readPost(ctx.actor, first)) throw forbidden(ctx.actor !== null, 'You may not read this series.');
  return { body: presentSeries(ctx, series) };
}

/** A preview's shape: the rule from a start (and end, zone, all day) the organizer is still editing. */
function preview(input: Input) {
  const { ctx, args } = input;
  const errors = new ParamErrors();
  const timezone = (args.timezone as string | undefined) || ctx.site.timezone;
  if (!isValidTimezone(timezone)) errors.add('timezone', 'timezone is not a valid time zone.');
  const zone = isValidTimezone(timezone) ? timezone : 'UTC';
  const start = parseDateInput(args.start, zone);
  if (!start) errors.add('start', 'start is not a valid date.');
  const end = args.end === undefined ? start?.dateTime.plus({ hours: 1 }) : parseDateInput(args.end, zone)?.dateTime;
  if (!end) errors.add('end', 'end is not a valid date.');
  const startLocal = start ? formatWall(start.dateTime) : '';
  const rule = start ? checkRule(args.rule as string, startLocal, zone, errors) : undefined;
  errors.throwIfAny();
  const allDay = args.all_day === true;
  const shape = {
    rule: rule!,
    startLocal: allDay ? `${startLocal.slice(0, 10)} 00:00:00` : startLocal,
    endLocal: allDay ? `${formatWall(end!).slice(0, 10)} 23:59:59` : formatWall(end!),
    allDay,
    timezone: zone,
    rdates: (args.rdates as string[] | undefined) ?? [],
    exdates: (args.exdates as string[] | undefined) ?? [],
  };
  const through = horizonFor(ctx, startLocal.slice(0, 10));
  const { slots } = slotsOf(shape, startLocal.slice(0, 10), through, MAX_SERIES_OCCURRENCES + 1);
  return {
    body: {
      rule: args.rule as string,
      description: wordsOf(rule!, shape.startLocal, zone),
      occurrences: slots.slice(0, 20).map((slot) => ({ date: slot.date, start: slot.startLocal, end: slot.endLocal })),
      count: slots.length,
      ends: endsOf(rule!),
    },
  };
}

export const seriesRoutes: RouteSpec[] = [
  {
    path: '/series',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: SeriesCreateArgs,
        summary: 'Make an event repeat: it becomes the first occurrence of a series, the others are made from it',
        responses: { 201: ITEM, 400: error('A bad rule (its parts named) or event.'), ...denied },
        validate: ({ ctx, args }, errors) =>
          prepareSeriesCreate(ctx, ctx.store.posts.get(ctx.site.id, args.event), args as SeriesInput, errors),
        permission: ({ ctx, args }) => authorizeSeries(ctx, ctx.store.posts.get(ctx.site.id, args.event)),
        handler: ({ ctx, args, prepared }) => {
          const series = ctx.store.transaction(() =>
            createSeries(ctx, ctx.store.posts.get(ctx.site.id, args.event)!, prepared as PreparedSeries),
          );
          return { status: 201, body: presentSeries(ctx, series) };
        },
      }),
    ],
  },
  {
    path: '/series/preview',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: SeriesPreviewArgs,
        summary: 'What a rule would make: the rule in words, the first dates, how many within the horizon',
        responses: { 200: { description: 'The preview.', schema: SeriesPreview }, 400: error('A bad rule or date.') },
        handler: preview,
      }),
    ],
  },
  {
    path: '/series/{id}',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: SeriesReadArgs,
        summary: 'A series: its rule, in words too, and its occurrences',
        responses: { 200: ITEM, 404: error('No such series.'), ...denied },
        handler: read,
      }),
      endpoint({
        methods: EDITABLE,
        args: SeriesEditArgs,
        summary: 'Change all events of the series: rule, dates, time and fields',
        responses: { 200: ITEM, 400: error('Bad parameters.'), 404: error('No such series.'), ...denied },
        validate: ({ ctx, args }, errors) =>
          prepareSeriesEdit(ctx, findSeries(ctx, args.id), args as SeriesInput, errors),
        permission: permitEdit,
        handler: ({ ctx, args, prepared }) =>
          ctx.store.transaction(() => {
            const point = beforeSeriesChange(ctx, [args.id]);
            const series = editSeries(ctx, findSeries(ctx, args.id), prepared as PreparedSeries);
            return { body: Object.assign(presentSeries(ctx, series), { undo: keepUndo(ctx, point) }) };
          }),
      }),
      endpoint({
        methods: ['DELETE'],
        args: SeriesDeleteArgs,
        summary: 'Delete the series: all events (to the trash, or with force=true for good), or from `occurrence` on',
        responses: { 200: ITEM, 404: error('No such series.'), 410: error('Already in the trash.'), ...denied },
        validate: ({ ctx, args }) => {
          const series = findSeries(ctx, args.id);
          if (args.occurrence !== undefined) findOccurrence(ctx, series, args.occurrence, 'occurrence');
        },
        permission: permitEdit,
        handler: ({ ctx, args }) =>
          ctx.store.transaction(() => {
            const series = findSeries(ctx, args.id);
            const point = beforeSeriesChange(ctx, [series.id]);
            if (args.force === true) {
              const before = presentSeries(ctx, series);
              deleteSeries(ctx, series);
              return { body: Object.assign(before, { undo: keepUndo(ctx, point) }) };
            }
            if (args.occurrence !== undefined)
              trashFollowing(ctx, series, findOccurrence(ctx, series, args.occurrence, 'occurrence'));
            else trashSeries(ctx, series);
            const after = presentSeries(ctx, findSeries(ctx, args.id));
            return { body: Object.assign(after, { undo: keepUndo(ctx, point) }) };
          }),
      }),
    ],
  },
  {
    path: '/series/{id}/split',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: SeriesSplitArgs,
        summary: 'Change this and the following events: the series ends before `occurrence`, a new one starts there',
        responses: { 200: { description: 'The new series (from `occurrence` on).', schema: Series }, ...denied },
        validate: ({ ctx, args }, errors) => {
          const series = findSeries(ctx, args.id);
          findOccurrence(ctx, series, args.occurrence, 'occurrence');
          // Checked against the series as it is, so that bad fields answer before anything is written.
          prepareSeriesEdit(ctx, series, args as SeriesInput, errors);
        },
        permission: permitEdit,
        handler: ({ ctx, args }) =>
          ctx.store.transaction(() => {
            const current = findSeries(ctx, args.id);
            const point = beforeSeriesChange(ctx, [current.id]);
            const errors = new ParamErrors();
            const later = splitSeries(
              ctx,
              current,
              findOccurrence(ctx, current, args.occurrence, 'occurrence'),
              args as SeriesInput,
              errors,
            );
            errors.throwIfAny();
            const undo = keepUndo(ctx, point, later!.id === current.id ? [] : [later!.id]);
            return { body: Object.assign(presentSeries(ctx, later!), { undo }) };
          }),
      }),
    ],
  },
  {
    path: '/series/{id}/stop',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: SeriesStopArgs,
        summary:
          'Stop repeating at an occurrence: it stays as a single event; the later occurrences (scope=following) or all the others (scope=all) go to the trash',
        responses: { 200: ITEM, 404: error('No such series.'), 410: error('In the trash.'), ...denied },
        validate: ({ ctx, args }) => {
          findOccurrence(ctx, findSeries(ctx, args.id), args.occurrence, 'occurrence');
        },
        permission: permitEdit,
        handler: ({ ctx, args }) =>
          ctx.store.transaction(() => {
            const series = findSeries(ctx, args.id);
            const point = beforeSeriesChange(ctx, [series.id]);
            stopRepeating(ctx, series, findOccurrence(ctx, series, args.occurrence, 'occurrence'), args.scope);
            const after = presentSeries(ctx, findSeries(ctx, args.id));
            return { body: Object.assign(after, { undo: keepUndo(ctx, point) }) };
          }),
      }),
    ],
  },
  {
    path: '/series/{id}/restore',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: SeriesReadArgs,
        summary: 'Bring a series back from the trash, with the occurrences that went with it',
        responses: { 200: ITEM, 400: error('Not in the trash.'), 404: error('No such series.'), ...denied },
        validate: ({ ctx, args }) => void findSeries(ctx, args.id),
        permission: permitEdit,
        handler: ({ ctx, args }) =>
          ctx.store.transaction(() => {
            restoreSeries(ctx, findSeries(ctx, args.id));
            return { body: presentSeries(ctx, findSeries(ctx, args.id)) };
          }),
      }),
    ],
  },
  {
    path: '/series/undo',
    tag: 'series',
    endpoints: [
      endpoint({
        methods: ['POST'],
        args: SeriesUndoArgs,
        summary: 'Undo a change to a whole series (all events, this and following, a delete), within the hour',
        responses: {
          200: { description: 'The series as they were.', schema: SeriesUndone },
          410: error('The change can no longer be undone.'),
          ...denied,
        },
        permission: ({ ctx }) => {
          if (!ctx.actor) throw forbidden(false);
        },
        handler: ({ ctx, args }) =>
          ctx.store.transaction(() => {
            const ids = undoSeriesChange(ctx, args.token);
            return { body: { series: ids.map((id) => presentSeries(ctx, findSeries(ctx, id))) } };
          }),
      }),
    ],
  },
];
