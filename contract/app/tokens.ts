// Request and response schemas of almanac/v1/tokens (API tokens for external tools): they
// validate, type the renderer's client (`import type`) and document the routes in /almanac/v1/doc.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../constants.ts';

export const TokenSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  user: Type.String({ description: "The owner's login." }),
  role: Type.Union([Type.Union(ROLES.map((role) => Type.Literal(role))), Type.Null()], {
    description: "The owner's role on this site (null: none here; the token does not work on it).",
  }),
  created: Type.String({ description: 'When it was made (ISO 8601, UTC).' }),
  last_used: Type.Union([Type.String(), Type.Null()], {
    description: 'When it was last used, to within five minutes (null: never).',
  }),
});
export type TokenSummary = Static<typeof TokenSummary>;

export const TokenList = Type.Object({ tokens: Type.Array(TokenSummary) });
export type TokenList = Static<typeof TokenList>;

export const TokenCreateArgs = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'A label: which tool uses it.' }),
  user: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Whose token (a login). Administrators may name any user; others only themselves.',
    }),
  ),
});

export const TokenCreated = Type.Composite([
  TokenSummary,
  Type.Object({
    token: Type.String({ description: 'The secret, shown this once: send it as `Authorization: Bearer <token>`.' }),
  }),
]);
export type TokenCreated = Static<typeof TokenCreated>;

export const TokenIdArgs = Type.Object({ id: Type.Integer({ minimum: 1, description: 'The token id.' }) });
