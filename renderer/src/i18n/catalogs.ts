// The message catalogs, each loaded only when its language is spoken: English is in the first
// chunk (it is the default and react-intl's fallback), Spanish is its own chunk (~13 kB gzip) that
// English users never fetch. main.tsx waits for the likely language's catalog before the first
// render (a local file: a moment, and only when it is not English); a language chosen later (in
// Settings, or the site's once the session says) shows in English until its catalog is here.
import { en, type MessageId } from './messages/en.ts';
import type { UiLanguage } from './language.ts';

export type Catalog = Record<MessageId, string>;

const loaded: Partial<Record<UiLanguage, Catalog>> = { en };
const loading = new Map<UiLanguage, Promise<Catalog>>();
const listeners = new Set<() => void>();

/** For useSyncExternalStore: told when a catalog arrives. */
export function subscribeCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The catalog, if it is here already. */
export function catalogIfLoaded(language: UiLanguage): Catalog | undefined {
  return loaded[language];
}

/** The catalog, fetched once (one promise for every caller). */
export function loadCatalog(language: UiLanguage): Promise<Catalog> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./messages/es.ts').then(
      (module) => {
        loaded.es = module.es;
        for (const listener of listeners) listener();
        return module.es;
      },
      (error: unknown) => {
        // A failed fetch may be tried again (the next language change asks anew).
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}
