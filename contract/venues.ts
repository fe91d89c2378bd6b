// Venue write fields (spec §2.2). Also the shape of an inline venue in an event write.
import { Type } from '@sinclair/typebox';
import { text } from './args.ts';
import { commonPostFields } from './post-args.ts';

const addressField = (description: string) => text(description, { max: 1000 });

export const venueFields = {
  venue: text('The venue name.', { min: 1, max: 1000 }),
  ...commonPostFields,
  show_map: Type.Unsafe<string | boolean>({
    type: ['string', 'boolean'],
    description: 'Whether events at the venue show a map (true/false, 1/0, yes/no).',
  }),
  show_map_link: Type.Unsafe<string | boolean>({
    type: ['string', 'boolean'],
    description: 'Whether events at the venue show a map link (true/false, 1/0, yes/no).',
  }),
  address: addressField('The street address.'),
  city: addressField('The city.'),
  country: addressField('The country.'),
  province: addressField('The province.'),
  state: addressField('The state.'),
  zip: addressField('The ZIP or postal code.'),
  phone: addressField('The phone number.'),
  stateprovince: addressField('The state or province; filled from state or province when not given.'),
  website: text('The venue website URL.', { max: 2048 }),
  // A number, or "" to clear the coordinate (range checked in linked/writes.ts).
  geo_lat: Type.Unsafe<number | string>({
    type: ['number', 'string'],
    maxLength: 0,
    minimum: -90,
    maximum: 90,
    description: 'Latitude in degrees (WGS 84); an empty string clears it.',
  }),
  geo_lng: Type.Unsafe<number | string>({
    type: ['number', 'string'],
    maxLength: 0,
    minimum: -180,
    maximum: 180,
    description: 'Longitude in degrees (WGS 84); an empty string clears it.',
  }),
};

export const VenueInline = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    ...Object.fromEntries(Object.entries(venueFields).map(([k, v]) => [k, Type.Optional(v)])),
  },
  { description: 'A venue: {"id": N}, or the fields of a new venue.' },
);
