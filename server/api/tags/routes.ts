// /tags: the term engine configured for event tags (see shared/term-resource.ts).
import { termRoutes } from '../shared/term-resource.ts';

export const tagRoutes = termRoutes('tag');
