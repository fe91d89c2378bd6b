// An import note (a skipped item's reason, a warning) in the UI's language: the service words it in
// English and adds its code and what it names (params); the catalogs word each code the service
// gives params for (files.note.<code>). A code without a message here, or a note without params
// (the API's own validation text), keeps the service's text.
import type { ImportSkip } from '../../api/types.ts';
import { isMessageId, useT } from '../../i18n/index.tsx';

type Note = Pick<ImportSkip, 'code' | 'params'>;

export function useNoteText(): (note: Note, serviceText: string) => string {
  const t = useT();
  return (note, serviceText) => {
    const id = `files.note.${note.code}`;
    if (!note.params || !isMessageId(id)) return serviceText;
    return t(id, note.params);
  };
}
