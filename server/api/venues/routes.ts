// /venues: the linked-post engine configured for venues (see shared/linked-resource.ts).
import { linkedRoutes } from '../shared/linked-resource.ts';

export const venueRoutes = linkedRoutes('venue');
