// almanac/v1/origins: the web origins allowed to call the API from a browser.
import { Type } from '@sinclair/typebox';

export const ORIGIN_HELP =
  'an origin such as http://localhost:5173 or https://example.org (scheme, host, optional port; no path)';

export const OriginList = Type.Object({
  origins: Type.Array(Type.Object({ origin: Type.String(), added: Type.String() })),
});
export const OriginArgs = Type.Object({
  origin: Type.String({ minLength: 1, maxLength: 300, description: `The web origin: ${ORIGIN_HELP}.` }),
});
