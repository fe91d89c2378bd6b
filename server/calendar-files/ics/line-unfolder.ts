// Turns a stream of text (or bytes) into the "logical" content lines of RFC 5545 §3.1: a physical
// line that starts with a space or a tab continues the previous one, and the line break plus that one
// whitespace character are removed. It works chunk by chunk so a 50 MB file is never held whole; a
// chunk may end anywhere (mid-line, between the CR and the LF, in the middle of a UTF-8 sequence).

/** Receives each logical line with the 1-based number of the physical line it starts on. */
export type LineSink = (text: string, line: number) => void;

export class LineUnfolder {
  // `stream: true` keeps an incomplete UTF-8 sequence at the end of a Buffer for the next one; the
  // decoder also drops a leading byte-order mark (ignoreBOM defaults to false, which means "strip").
  private readonly decoder = new TextDecoder('utf-8');
  /** The tail of the input after the last LF: a physical line that is not complete yet. */
  private partial = '';
  private physicalLines = 0;
  private chars = 0;
  /** The logical line read so far, held back until we know the next physical line does not continue it. */
  private pendingText: string | null = null;
  private pendingLine = 0;
  private started = false;

  constructor(private readonly sink: LineSink) {}

  push(chunk: string | Buffer): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (!this.started && text.length > 0) {
      this.started = true;
      // A string may still carry the mark (a file read as text without stripping it).
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.chars += text.length;
    const data = this.partial.length > 0 ? this.partial + text : text;
    let from = 0;
    for (;;) {
      const lf = data.indexOf('\n', from);
      if (lf === -1) break;
      // CRLF is the standard ending; a bare LF is common in hand-made files. Drop the CR, if any.
      const end = lf > from && data.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
      this.physical(data.slice(from, end));
      from = lf + 1;
    }
    this.partial = from === 0 ? data : data.slice(from);
  }

  /** The input is complete: hand out what is still held back. */
  finish(): void {
    const tail = this.decoder.decode();
    if (tail) this.push(tail);
    if (this.partial.length > 0) {
      const last = this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial;
      this.partial = '';
      this.physical(last);
    }
    this.flush();
  }

  /** How many characters were read (what the work a file may cost is measured against). */
  get charCount(): number {
    return this.chars;
  }

  /** How many physical lines were read (the last line number, for messages about the end of the file). */
  get lineCount(): number {
    return this.physicalLines;
  }

  private physical(text: string): void {
    this.physicalLines++;
    const first = text.charCodeAt(0);
    if ((first === 32 || first === 9) && this.pendingText !== null) {
      this.pendingText += text.slice(1);
      return;
    }
    this.flush();
    // Blank lines are not allowed by RFC 5545, but exporters leave them (typically at the end): ignore.
    if (text.length === 0) return;
    this.pendingText = text;
    this.pendingLine = this.physicalLines;
  }

  private flush(): void {
    if (this.pendingText === null) return;
    const text = this.pendingText;
    this.pendingText = null;
    this.sink(text, this.pendingLine);
  }
}
