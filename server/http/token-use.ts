// "Last used" of API tokens, for the token list in Settings. Writing it on every request would
// turn each read into a write; instead a token's time is written once per interval, after the
// answer (setImmediate, its own small transaction), and a failure to write it is only logged: it
// must never cost the request it describes.
import type { Store } from '../db/store.ts';
import { writeGateOf } from './write-gate.ts';

const INTERVAL_MS = 5 * 60 * 1000;

export function tokenUseRecorder(store: Store, log: (message: string) => void = () => {}) {
  const written = new Map<number, number>();
  return (tokenId: number, now = Date.now()) => {
    if (now - (written.get(tokenId) ?? 0) < INTERVAL_MS) return;
    written.set(tokenId, now);
    const gate = writeGateOf(store);
    const write = () => {
      // While an import holds the write lock, the stamp waits for it (write-gate.ts).
      if (gate.closed) return void gate.whenOpen().then(write);
      try {
        store.writing(() => store.users.touchToken(tokenId, new Date(now)));
      } catch (error) {
        log(`could not record a token's last use: ${(error as Error).message}`);
      }
    };
    setImmediate(write);
  };
}
