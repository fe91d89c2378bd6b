// The route table of almanac/v1, the app's own namespace (see http/namespaces.ts).
import type { RouteSpec } from '../http/route.ts';
import { APP_NAMESPACE } from '../http/namespaces.ts';
import { serviceRoutes } from '../api/describe/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { feedRoutes } from './feed/routes.ts';
import { trashRoutes } from './trash/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { changeRoutes } from './changes/routes.ts';
import { backupRoutes } from './backups/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { originRoutes } from './origins/routes.ts';
import { exportRoutes } from './exchange/export-route.ts';
import { importRoutes } from './exchange/import-route.ts';
import { seriesRoutes } from './series/routes.ts';
import { bulkRoutes } from './bulk/routes.ts';
import { eventListRoutes } from './event-list/routes.ts';
import { calDavRoutes } from './caldav/routes.ts';
import { searchIndexRoutes } from './search-index/routes.ts';
import { websiteRoutes } from './website/routes.ts';

export const APP_ROUTES: RouteSpec[] = [];
APP_ROUTES.push(
  ...serviceRoutes(APP_NAMESPACE, () => APP_ROUTES),
  ...sessionRoutes,
  ...siteRoutes,
  ...feedRoutes,
  ...trashRoutes,
  ...tokenRoutes,
  ...changeRoutes,
  ...backupRoutes,
  ...healthRoutes,
  ...preferenceRoutes,
  ...originRoutes,
  ...exportRoutes,
  ...importRoutes,
  ...seriesRoutes,
  ...bulkRoutes,
  ...eventListRoutes,
  ...calDavRoutes,
  ...searchIndexRoutes,
  ...websiteRoutes,
);
