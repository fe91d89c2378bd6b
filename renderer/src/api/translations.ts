// The Spanish variants of an event's translatable fields (title, description, excerpt): read and
// written through `translation_language`, as any API client would (contract §1: a read returns
// the variant where one exists and the base text otherwise; a write with it stores the variant).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { currentSite } from './site.ts';
import type { Event } from './types.ts';
import { useUi } from '../state/ui-store.ts';

export const VARIANTS = ['arg', 'bo', 'cl', 'co', 'mx', 'pe', 'es'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * The `translation_language` parameter of the views that show content (calendar, lists), from the
 * Settings choice; editors never use it (they edit the base text, and variants in their dialog).
 */
export function useContentVariant(): { translation_language?: Variant } {
  const variant = useUi((state) => state.preferences.contentVariant);
  return variant ? { translation_language: variant } : {};
}

export interface TranslatedFields {
  title: string;
  description: string;
  excerpt: string;
}

export function useEventTranslation(id: number, language: Variant) {
  const site = currentSite();
  return useQuery({
    queryKey: keys.eventTranslation(site, id, language),
    queryFn: async ({ signal }): Promise<TranslatedFields> => {
      const { data } = await api.get<Event>(
        EVENTS_NS,
        `events/${id}`,
        { context: 'edit', translation_language: language },
        signal,
      );
      return { title: data.title, description: data.description, excerpt: data.excerpt };
    },
    staleTime: Infinity,
  });
}

/** Saves one variant; answers the event's new ETag (the editor keeps it as its base). */
export function useSaveEventTranslation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; language: Variant; fields: TranslatedFields; etag: string | null }) => {
      const answer = await api.patch<Event>(EVENTS_NS, `events/${input.id}`, input.fields, {
        ifMatch: input.etag,
        query: { translation_language: input.language },
      });
      return answer.etag;
    },
    // Titles in the calendar and the lists may be shown in a variant: all of the site's events.
    onSuccess: () => client.invalidateQueries({ queryKey: keys.events(currentSite()), refetchType: 'active' }),
  });
}
