// The whole route table of svc/events/v1, in registration order (the namespace index keeps it).
import type { RouteSpec } from '../http/route.ts';
import { serviceRoutes } from './describe/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { venueRoutes } from './venues/routes.ts';
import { organizerRoutes } from './organizers/routes.ts';
import { categoryRoutes } from './categories/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { EVENTS_NAMESPACE } from '../http/namespaces.ts';

export const ALL_ROUTES: RouteSpec[] = [];
ALL_ROUTES.push(
  ...serviceRoutes(EVENTS_NAMESPACE, () => ALL_ROUTES),
  ...eventRoutes,
  ...venueRoutes,
  ...organizerRoutes,
  ...categoryRoutes,
  ...tagRoutes,
);
