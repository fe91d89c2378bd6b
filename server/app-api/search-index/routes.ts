// almanac/v1/search-index — how far the search index of a calendar from before it has been built
// (operations/search-index-upkeep.ts), for the UI's "Preparing search: 40 %" notice. Anyone may
// ask: it tells a share of work, nothing of the calendar's content.
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { searchBackfillOf } from '../../db/repositories/search-index-writes.ts';
import { SearchIndexProgress } from '../../../contract/app/search-index.ts';

export const searchIndexRoutes: RouteSpec[] = [
  {
    path: '/search-index',
    tag: 'search-index',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'How far the search index is built',
        responses: { 200: { description: 'The progress.', schema: SearchIndexProgress } },
        cacheable: false, // moves on without a change to the calendar's content
        handler: ({ ctx }) => {
          const { phase, done, total } = searchBackfillOf(ctx.store.db).state();
          const ready = phase === 'done';
          const of = total ?? 0;
          const percent = ready ? 100 : of === 0 ? 0 : Math.min(99, Math.floor((done * 100) / of));
          return { body: { ready, done, total: of, percent } };
        },
      }),
    ],
  },
];
