// /organizers: the linked-post engine configured for organizers (see shared/linked-resource.ts).
import { linkedRoutes } from '../shared/linked-resource.ts';

export const organizerRoutes = linkedRoutes('organizer');
