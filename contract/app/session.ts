// Request and response schemas of almanac/v1/session: they validate, type the renderer's client
// (`import type`) and document the route in /almanac/v1/doc.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../constants.ts';

export const SessionArgs = Type.Object({});

export const SiteSummary = Type.Object({
  code: Type.String({ description: 'The site code (`default` for the site at the root).' }),
  title: Type.String(),
  language: Type.String({ description: '`en`, or one of the Spanish variants.' }),
  timezone: Type.String({ description: 'The site time zone (IANA name or UTC±N).' }),
  per_page: Type.Integer({ description: 'The default page size of collections.' }),
  url: Type.String({ description: 'The site base URL.' }),
  api_root: Type.String({ description: 'The svc/events/v1 root of the site.' }),
  currency: Type.Object(
    {
      symbol: Type.String(),
      position: Type.Union([Type.Literal('prefix'), Type.Literal('postfix')]),
      code: Type.String(),
    },
    { description: 'How costs without a symbol of their own are shown ("15" on a euro site: "15 €").' },
  ),
  series_horizon_months: Type.Integer({ description: 'How far ahead occurrences of repeating events exist.' }),
});
export type SiteSummary = Static<typeof SiteSummary>;

export const CommandLine = Type.Object(
  {
    command: Type.Array(Type.String(), {
      description:
        "The program and its first arguments that run Almanac's command line where this server runs: `npm --prefix <checkout> run almanac --` from a source checkout, the app's own executable in an installed app, Node and the bundle for the bundled command line. A command and its arguments follow (`sign-in`, `restore FILE`, `token create …`).",
    }),
    shell: Type.Union([Type.Literal('windows'), Type.Literal('posix')], {
      description: "How to quote the command's words: the shell of the system the server runs on.",
    }),
    data_dir: Type.String({ description: 'The data folder this server serves, for `--data-dir` (absolute).' }),
  },
  {
    description:
      'How to run the command line here: the messages that tell a user to run a command (a used sign-in link, a restore from a browser) show this one, not an `almanac` that is on no PATH.',
  },
);
export type CommandLine = Static<typeof CommandLine>;

export const Session = Type.Object({
  signed_in: Type.Boolean(),
  /**
   * How the caller is signed in: `desktop` (the app window's per-launch session), `cookie` (the UI in
   * a browser), `token` (an API token in the Authorization header), or null.
   */
  method: Type.Union([Type.Literal('desktop'), Type.Literal('cookie'), Type.Literal('token'), Type.Null()]),
  user: Type.Union([Type.Object({ id: Type.Integer(), login: Type.String(), name: Type.String() }), Type.Null()]),
  role: Type.Union([Type.Union(ROLES.map((role) => Type.Literal(role))), Type.Null()]),
  /** The install's own administrator: creates sites and manages backups (as the CLI may). */
  install_administrator: Type.Boolean(),
  /** For cookie sessions: send it back as `X-WP-Nonce` on every request, or the cookie is ignored. */
  nonce: Type.Optional(Type.String()),
  site: SiteSummary,
  /**
   * The change log's position when this was read: a client that loads its data after this and
   * opens almanac/v1/changes with it as Last-Event-ID misses nothing written in between.
   */
  change_seq: Type.Integer(),
  command_line: CommandLine,
});
export type Session = Static<typeof Session>;
