// /categories: the term engine configured for event categories (see terms/).
import { termRoutes } from '../terms/routes.ts';

export const categoryRoutes = termRoutes('category');
