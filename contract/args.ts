// Argument schemas shared by several routes. Descriptions are English here; the site-language
// catalogue (server/api/describe/descriptions) translates them for the docs.
import { Type } from '@sinclair/typebox';
import { MAX_ID, MAX_PER_PAGE, TRANSLATION_LANGUAGES } from './constants.ts';

export const translationLanguage = Type.String({
  enum: [...TRANSLATION_LANGUAGES],
  description:
    'The language variant of the content: Spanish as written in Argentina (arg), Bolivia (bo), Chile (cl), Colombia (co), Mexico (mx), Peru (pe) or Spain (es).',
});

export const postId = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description });
export const pathId = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_ID, description });
export const slugParam = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const page = Type.Integer({
  minimum: 1,
  maximum: MAX_ID,
  default: 1,
  description: 'The archive page to return.',
});
export const perPage = (what: string) =>
  Type.Integer({
    minimum: 1,
    maximum: MAX_ID,
    default: 10,
    description: `The number of ${what} to return on each page (at most ${MAX_PER_PAGE}; larger values are clamped).`,
  });

/** A value the reference leaves untyped: a date string, or a Unix timestamp. */
export const dateInput = (description: string) =>
  Type.Unsafe<string | number>({ type: ['string', 'integer'], maxLength: 100, description });

/** Booleans WordPress style (true/false/1/0), loosely typed where the reference is untyped. */
export const looseBoolean = (description: string, defaultValue?: boolean) =>
  Type.Unsafe<boolean | string | number>({
    type: ['boolean', 'string', 'integer'],
    description,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  });

export const text = (description: string, options: { min?: number; max?: number } = {}) =>
  Type.String({ minLength: options.min ?? 0, maxLength: options.max ?? 65535, description });

export const idOrSlugList = (description: string) =>
  Type.Array(Type.Unsafe<number | string>({ type: ['integer', 'string'], maxLength: 200 }), {
    maxItems: 100,
    description,
  });

export const idList = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 100, description });
