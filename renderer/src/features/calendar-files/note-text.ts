// An import note (a skipped item's reason, a warning) in the UI's language: the service words it in
// English and adds its code and what it names (params); the catalogs word each code the service
// gives params for (files.note.<code>). A code without a message here, or a note without params
// (the API's own validation text), keeps the service's text.
import type { ImportSkip } from '../../api/types.ts';
import { isMessageId, useT } from '../../i18n/index.tsx';
import { en } from '../../i18n/messages/en.ts';

type Note = Pick<ImportSkip, 'code' | 'params'>;

/**
 * The note's params, with 'other' for each select the message has and the note does not name (a
 * CSV row's invalid_date has no `why`: the message's general wording is the one that fits).
 */
function withSelects(message: string, params: Record<string, string | number>): Record<string, string | number> {
  const values = { ...params };
  for (const [, name] of message.matchAll(/\{(\w+), select,/g)) if (name && !(name in values)) values[name] = 'other';
  return values;
}

export function useNoteText(): (note: Note, serviceText: string) => string {
  const t = useT();
  return (note, serviceText) => {
    const id = `files.note.${note.code}`;
    if (!note.params || !isMessageId(id)) return serviceText;
    return t(id, withSelects(en[id], note.params));
  };
}
