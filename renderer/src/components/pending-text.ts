// Text typed into a field that only takes what is chosen from its list (a tag, a category, a venue,
// organizers: ChoicePicker) is not part of the form until it is added. A form that saves with such
// text still in a field would drop it without a word (issue 36: "Outdoor" typed in Tags, Save said
// the event was created, and it had no tags). Each such field registers a check with the form it is
// in; the form asks every one before it saves, and a field with text left says so at itself, and
// the save does not happen. (EditorShell provides the registry; a field outside any form has none.)
import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A field's check before its form saves: the element to focus when text is still typed in it (the
 * field has said so at itself), or null when nothing is left.
 */
export type PendingTextCheck = () => HTMLElement | null;

export type PendingTextRegistry = Set<{ current: PendingTextCheck }>;

export const PendingTextContext = createContext<PendingTextRegistry | null>(null);

/** Registers `check` with the form around the field (it is read at save time: always the latest). */
export function usePendingTextCheck(check: PendingTextCheck): void {
  const registry = useContext(PendingTextContext);
  const latest = useRef(check);
  useLayoutEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    if (!registry) return;
    registry.add(latest);
    return () => void registry.delete(latest);
  }, [registry]);
}

/**
 * Runs every field's check (each says its own problem) and focuses the first field, in the order
 * the fields are on screen, that still holds typed text. Whether the save may go on.
 */
export function settlePendingText(registry: PendingTextRegistry): boolean {
  const unsettled = [...registry].map((entry) => entry.current()).filter((element) => element !== null);
  if (unsettled.length === 0) return true;
  unsettled.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  unsettled[0]!.focus();
  return false;
}
