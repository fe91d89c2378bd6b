// /venues: the linked-post engine configured for venues (see linked/).
import { linkedRoutes } from '../linked/routes.ts';

export const venueRoutes = linkedRoutes('venue');
