// Schemas of almanac/v1/caldav (Settings → Connect a calendar app).
import { Type, type Static } from '@sinclair/typebox';

export const CalDavNetwork = Type.Object({
  enabled: Type.Boolean({ description: 'Whether CalDAV is shared on the local network (HTTPS).' }),
  addresses: Type.Array(Type.String(), { description: 'The addresses a phone on the network may use.' }),
  fingerprint: Type.Union([Type.String(), Type.Null()], {
    description: 'SHA-256 fingerprint of the network certificate, to compare with what the phone shows.',
  }),
});
export type CalDavNetwork = Static<typeof CalDavNetwork>;

export const CalDavSettings = Type.Object({
  address: Type.String({ description: 'The CalDAV address on this computer (what a calendar app is given).' }),
  user: Type.String({ description: 'The user name a calendar app signs in with (its password: an API token).' }),
  network: Type.Union([CalDavNetwork, Type.Null()], {
    description: 'Sharing on the network; null where this server cannot share (not run as the app or `almanac serve`).',
  }),
});
export type CalDavSettings = Static<typeof CalDavSettings>;

export const CalDavNetworkArgs = Type.Object({
  enabled: Type.Boolean({ description: 'true: share CalDAV on the network; false: stop.' }),
});
