// Reads a Server-Sent Events response the way the UI does (fetch + the renderer's parser), so
// tests can wait for the next message of a given type with a deadline instead of sleeping.
import { sseParser } from '../../renderer/src/api/sse.ts';
export interface SseMessage {
  event: string;
  id: string | undefined;
  data: any;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next message of `event` (earlier ones of other types are skipped), or a timeout error. */
  next(event: string, timeoutMs?: number): Promise<SseMessage>;
  /** Every message received so far and not yet taken by next(). */
  pending(): SseMessage[];
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const queue: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      // The renderer's own parser: the tests read the stream exactly as the UI does.
      const feed = sseParser((message) => {
        queue.push({ event: message.event, id: message.id, data: JSON.parse(message.data) });
        for (const wake of waiters) wake();
      });
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          feed(decoder.decode(chunk, { stream: true }));
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiters) wake();
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    pending: () => [...queue],
    async next(event, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((message) => message.event === event);
        if (index >= 0) return queue.splice(0, index + 1).pop()!;
        if (ended) throw new Error(`the stream ended before a "${event}" message`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no "${event}" message within ${timeoutMs} ms (had: ${queue.map((m) => m.event).join(', ') || 'nothing'})`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}
