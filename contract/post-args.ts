// Write fields common to events, venues and organizers (spec §2.1–2.3).
import { Type } from '@sinclair/typebox';
import { dateInput, text } from './args.ts';
import { MAX_ID, POST_STATUSES } from './constants.ts';

/** The statuses a write may set (trash comes by deleting). */
const WRITABLE_STATUSES = POST_STATUSES.filter((status) => status !== 'trash');

export const commonPostFields = {
  author: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The ID of the author (a user).' }),
  date: dateInput('The publication date, in the site time zone.'),
  date_utc: dateInput('The publication date, in UTC.'),
  description: text('The description: HTML allowed.'),
  status: Type.String({ enum: [...WRITABLE_STATUSES], description: 'The post status.' }),
  image: Type.Unsafe<number | string>({
    type: ['integer', 'string'],
    maxLength: 2048,
    description: 'The featured image: the ID of a stored image or an image URL; an empty string removes it.',
  }),
};

export const passwordField = Type.String({
  maxLength: 255,
  description: 'The post password. Once set, reads of the post need it.',
});
