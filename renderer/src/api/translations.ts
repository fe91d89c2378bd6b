// The Spanish variants of an item's translatable fields (event title, excerpt and description;
// venue name, address, city and description; organizer name and description; term name and
// description): read and written
// through `translation_language`, as any API client would (contract §1: a read returns
// the variant where one exists and the base text otherwise; a write with it stores the variant).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_NS, api } from './client.ts';
import { keys } from './keys.ts';
import { decodeTermName } from './term-names.ts';
import { excerptText } from './excerpt.ts';
import { currentSite } from './site.ts';
import { useUi } from '../state/ui-store.ts';
import {
  TRANSLATABLE_FIELDS as BY_KIND,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from '../../../contract/constants.ts';

export const VARIANTS = TRANSLATION_LANGUAGES;
export type Variant = TranslationLanguage;

/**
 * The `translation_language` parameter of the views that show content (calendar, lists), from the
 * Settings choice; editors never use it (they edit the base text, and variants in their dialog).
 */
export function useContentVariant(): { translation_language?: Variant } {
  const variant = useUi((state) => state.preferences.contentVariant);
  return variant ? { translation_language: variant } : {};
}

/** The resources with translatable fields, and those fields (contract §1). */
export type TranslatableResource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
export const TRANSLATABLE_FIELDS = {
  events: BY_KIND.event,
  venues: BY_KIND.venue,
  organizers: BY_KIND.organizer,
  categories: BY_KIND.term,
  tags: BY_KIND.term,
} as const satisfies Record<TranslatableResource, readonly string[]>;

export type TranslatedFields = Record<string, string>;

const translationKey = (site: string, resource: TranslatableResource, id: number, language: string) =>
  [site, resource, 'item', id, 'translation', language] as const;

/** One variant of an item's translatable fields (the base text where it has none). */
export function useTranslation(resource: TranslatableResource, id: number, language: Variant) {
  const site = currentSite();
  return useQuery({
    queryKey: translationKey(site, resource, id, language),
    queryFn: async ({ signal }): Promise<TranslatedFields> => {
      const { data } = await api.get<Record<string, unknown>>(
        EVENTS_NS,
        `${resource}/${id}`,
        { context: 'edit', translation_language: language },
        signal,
      );
      const text = (field: string) => String(data[field] ?? '');
      return Object.fromEntries(
        TRANSLATABLE_FIELDS[resource].map((field) => [
          field,
          // Term names come escaped, as WordPress stores them: edited as text.
          field === 'name' && (resource === 'categories' || resource === 'tags')
            ? decodeTermName(text(field))
            : field === 'excerpt'
              ? excerptText(text(field))
              : text(field),
        ]),
      );
    },
    staleTime: Infinity,
  });
}

/** Saves one variant; answers the item's new ETag (its editor keeps it as its base). */
export function useSaveTranslation(resource: TranslatableResource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; language: Variant; fields: TranslatedFields; etag: string | null }) => {
      const answer = await api.patch<unknown>(EVENTS_NS, `${resource}/${input.id}`, input.fields, {
        ifMatch: input.etag,
        query: { translation_language: input.language },
      });
      return answer.etag;
    },
    // The calendar and the lists may show a variant: all of the site's items of the resource.
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: resource === 'events' ? keys.events(currentSite()) : [currentSite(), resource],
        refetchType: 'active',
      }),
  });
}
