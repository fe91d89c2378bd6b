// The venue and organizer resources (spec §4.3–4.4) are one engine with two configurations:
// same routes, list parameters, status codes and rules, different fields.
import type { TSchema } from '@sinclair/typebox';
import { Organizer, Venue } from '../../../contract/representations.ts';
import { venueFields } from '../../../contract/venues.ts';
import { organizerFields } from '../../../contract/organizers.ts';
import { OrganizerArgs, VenueArgs, type LinkedArgs } from '../../../contract/linked.ts';
import type { LinkedType } from '../../operations/linked/writes.ts';
import { presentOrganizer, presentVenue } from './linked-json.ts';

export interface LinkedResource {
  type: LinkedType;
  collection: 'venues' | 'organizers';
  fields: Record<string, TSchema>;
  /** The routes' arguments (contract/linked.ts). */
  args: LinkedArgs;
  schema: typeof Venue | typeof Organizer;
  present: typeof presentVenue;
}

export const RESOURCES: Record<LinkedType, LinkedResource> = {
  venue: {
    type: 'venue',
    collection: 'venues',
    fields: venueFields,
    args: VenueArgs,
    schema: Venue,
    present: presentVenue,
  },
  organizer: {
    type: 'organizer',
    collection: 'organizers',
    fields: organizerFields,
    args: OrganizerArgs,
    schema: Organizer,
    present: presentOrganizer,
  },
};
