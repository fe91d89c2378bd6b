// Server-Sent Events over fetch: EventSource cannot send the Authorization header the desktop
// window signs in with, so the change stream is read with fetch and parsed here (the
// text/event-stream format: blocks separated by a blank line, `field: value` lines, `:` comments).

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

/** Feeds text as it arrives; calls `onMessage` for each complete message. */
export function sseParser(onMessage: (message: SseMessage) => void): (text: string) => void {
  let buffer = '';
  let heldCr = false; // a chunk that ends in \r may be half of a \r\n
  return (chunk) => {
    let text = (heldCr ? '\r' : '') + chunk;
    heldCr = text.endsWith('\r');
    if (heldCr) text = text.slice(0, -1);
    buffer += text.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | undefined;
      let data: string | undefined;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
      }
      if (data !== undefined) onMessage({ event, id, data });
    }
  };
}
