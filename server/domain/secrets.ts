// Constant-time comparison of secrets (post passwords), so response timing reveals nothing.
import { createHash, timingSafeEqual } from 'node:crypto';

export function safeEqual(given: string, expected: string): boolean {
  // Hash both sides: equal-length buffers for timingSafeEqual whatever the input lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
