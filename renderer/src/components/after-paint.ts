// Work that must not hold up the frame the user is waiting for: it runs once the next frame has
// been painted (a task queued from that frame's requestAnimationFrame runs after its paint).
import { useEffect, useState } from 'react';

/** Runs `run` after the next frame is painted; returns what cancels it. */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value` as it was when the screen last painted: what depends on it (a request for a page's
 * extras) starts after the frame that shows what a new `value` came with, not before it. The
 * first value is taken at once (a screen shown again finds its extras in the cache). Compared by
 * identity: pass a string or another value that stays the same while it means the same.
 */
export function usePaintedValue<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    return afterPaint(() => setPainted(value));
  }, [value, painted]);
  return painted;
}
