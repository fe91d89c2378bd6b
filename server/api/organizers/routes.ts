// /organizers: the linked-post engine configured for organizers (see linked/).
import { linkedRoutes } from '../linked/routes.ts';

export const organizerRoutes = linkedRoutes('organizer');
