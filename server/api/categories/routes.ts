// /categories: the term engine configured for event categories (see shared/term-resource.ts).
import { termRoutes } from '../shared/term-resource.ts';

export const categoryRoutes = termRoutes('category');
