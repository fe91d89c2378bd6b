// Asks for something that runs on the server (an import job) until it ends, pausing between
// questions — unless the screen that asks goes away first. Apart from react-query and fetch so
// that the order of its checks, which a screen's lifetime depends on, can be tested on its own.

/**
 * Asks until `ended(answer)`, pausing `pauseMs` between questions; answers the last answer, or
 * undefined once `stillWanted()` is false.
 *
 * `stillWanted` is asked after every answer, before whether it ended: a screen that went away
 * while an answer was on its way (or during the pause) must not receive an outcome it cannot show.
 * The import dialog takes an outcome it receives as shown and forgets the job; the screen opened
 * next would then no longer show a preview that ended meanwhile.
 */
export async function pollUntilEnded<T>(
  ask: () => Promise<T>,
  ended: (answer: T) => boolean,
  stillWanted: () => boolean,
  pauseMs: number,
): Promise<T | undefined> {
  for (;;) {
    const answer = await ask();
    if (!stillWanted()) return undefined;
    if (ended(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
