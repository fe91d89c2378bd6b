// almanac/v1/sites — the sites of this install: the list (public, as each site's discovery document
// is) for the site switcher and Settings; create (the install administrator, as `almanac site
// create`, its currency given or suggested by its place); edit title, time zone, page size and
// currency (an administrator of that site).
import { Type } from '@sinclair/typebox';
import { endpoint, type RouteSpec } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { forbidden, said, type ParamErrors } from '../../operations/errors.ts';
import { installAdministratorOnly } from '../install-administrator.ts';
import { isValidTimezone } from '../../domain/dates.ts';
import { defaultCurrency } from '../../domain/currency.ts';
import { ErrorBody } from '../../../contract/representations.ts';
import { SiteSummary } from '../../../contract/app/session.ts';
import { presentSite } from './present-site.ts';
import { SITE_CODE, SiteCreateArgs, SiteEditArgs } from '../../../contract/app/sites.ts';

const error = (description: string) => ({ description, schema: Type.Ref(ErrorBody) });
const RESERVED_CODES = new Set(['svc', 'default', 'almanac', 'wp-json']);

function checkTimezone(timezone: string | undefined, errors: ParamErrors) {
  if (timezone !== undefined && !isValidTimezone(timezone))
    errors.add(
      'timezone',
      said('not_a_timezone', `Unknown time zone "${timezone}": use an IANA name such as Europe/Madrid, or UTC±N.`),
    );
}

export const siteRoutes: RouteSpec[] = [
  {
    path: '/sites',
    tag: 'sites',
    endpoints: [
      endpoint({
        methods: ['GET'],
        args: Type.Object({}),
        summary: 'The sites of this install',
        responses: { 200: { description: 'Every site.', schema: Type.Array(SiteSummary) } },
        handler: ({ ctx }) => ({ body: ctx.store.sites.list().map((site) => presentSite(site, ctx.origin)) }),
      }),
      endpoint({
        methods: ['POST'],
        args: SiteCreateArgs,
        summary: 'Create a site (the install administrator)',
        responses: {
          201: { description: 'The new site.', schema: SiteSummary },
          400: error('A parameter is invalid, or the code is taken.'),
          401: error('Not signed in.'),
          403: error('Not the install administrator.'),
        },
        validate: ({ ctx, args }, errors) => {
          checkTimezone(args.timezone, errors);
          if (args.code !== undefined && !SITE_CODE.test(args.code))
            errors.add(
              'code',
              said(
                'site_code',
                'A site code holds only lowercase letters, digits and "-" (it is part of the address).',
              ),
            );
          else if (args.code !== undefined && (RESERVED_CODES.has(args.code) || ctx.store.sites.byCode(args.code)))
            errors.add('code', said('taken', `The site code "${args.code}" is taken: choose another.`));
        },
        permission: installAdministratorOnly,
        handler: ({ ctx, args }) => {
          // What is not given of the currency comes from what the place and language suggest.
          const suggested = defaultCurrency(args.language, args.timezone);
          const site = ctx.store.sites.create({
            code: args.code,
            title: args.title ?? args.code,
            language: args.language,
            timezone: args.timezone,
            perPage: args.per_page ?? 10,
            currency: {
              symbol: args.currency_symbol?.trim() || suggested.symbol,
              position: args.currency_position ?? suggested.position,
              code: args.currency_code ?? suggested.code,
            },
          });
          return { status: 201, body: presentSite(site, ctx.origin) };
        },
      }),
    ],
  },
  {
    path: '/sites/{code}',
    tag: 'sites',
    endpoints: [
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        args: SiteEditArgs,
        summary:
          "Change a site's title, time zone, page size, currency or horizon of repeating events (its administrator)",
        responses: {
          200: { description: 'The site as it is now.', schema: SiteSummary },
          400: error('A parameter is invalid.'),
          401: error('Not signed in.'),
          403: error('Not an administrator of that site.'),
          404: error('No such site.'),
        },
        validate: ({ args }, errors) => checkTimezone(args.timezone, errors),
        permission: ({ ctx, args }) => {
          const site = ctx.store.sites.byCode(args.code);
          if (!site) throw new ApiError(404, 'almanac_no_site', `There is no site "${args.code}".`);
          const user = ctx.actor && ctx.store.users.byId(ctx.actor.userId);
          if (!user || ctx.store.users.roleOn(site.id, user) !== 'administrator') throw forbidden(ctx.actor !== null);
        },
        handler: ({ ctx, args }) => {
          const site = ctx.store.sites.update(args.code, {
            title: args.title,
            timezone: args.timezone,
            perPage: args.per_page,
            currency: {
              symbol: args.currency_symbol?.trim(),
              position: args.currency_position,
              code: args.currency_code,
            },
            seriesHorizonMonths: args.series_horizon_months,
          });
          return { body: presentSite(site, ctx.origin) };
        },
      }),
    ],
  },
];
