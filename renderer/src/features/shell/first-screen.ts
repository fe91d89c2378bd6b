// "The first screen is drawn, with its data": work it does not need (fetching the editors' code)
// waits for it, so that work competes with the first paint neither for the connection nor for the
// main thread — an idle callback alone fired while the page waited for the month's feed. The
// calendar says when its first range is drawn; another first screen, or a calendar that never
// gets there (an error), lets the work go after a few seconds.
let drawn = false;
const waiting = new Set<() => void>();

export function firstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const run of [...waiting]) run();
}

/** Runs `run` once the first screen is drawn (or after `fallbackMs`); returns a cancel. */
export function afterFirstScreen(run: () => void, fallbackMs = 3000): () => void {
  if (drawn) {
    run();
    return () => {};
  }
  const go = () => {
    waiting.delete(go);
    window.clearTimeout(timer);
    run();
  };
  const timer = window.setTimeout(go, fallbackMs);
  waiting.add(go);
  return () => {
    waiting.delete(go);
    window.clearTimeout(timer);
  };
}
