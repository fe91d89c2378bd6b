// Organizer write fields (spec §2.3). Also the shape of an inline organizer in an event write.
import { Type } from '@sinclair/typebox';
import { text } from './args.ts';
import { commonPostFields } from './post-args.ts';

export const organizerFields = {
  organizer: text('The organizer name.', { min: 1, max: 1000 }),
  ...commonPostFields,
  phone: text('The phone number.', { max: 1000 }),
  website: text('The organizer website URL.', { max: 2048 }),
  email: text('The e-mail address.', { max: 320 }),
};

export const OrganizerInline = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    ...Object.fromEntries(Object.entries(organizerFields).map(([k, v]) => [k, Type.Optional(v)])),
  },
  { description: 'An organizer: {"id": N}, or the fields of a new organizer.' },
);
