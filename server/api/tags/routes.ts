// /tags: the term engine configured for event tags (see terms/).
import { termRoutes } from '../terms/routes.ts';

export const tagRoutes = termRoutes('tag');
