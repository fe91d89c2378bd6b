// Where a reader puts the events it has read until the file ends and they can be handed on in
// file order. The iCalendar reader cannot hand an event on as soon as it is read: a repeating
// event's occurrences take the place of its first line, which is only known once its overrides
// (anywhere in the file) have been read, and an event whose VTIMEZONE comes later waits for it.
//
// In memory for a small text (CalDAV's PUT, the tests); spilled to a temporary database by an
// import job (event-spill.ts), so that a 60 MB file does not hold 100,000 events in the heap.
import type { ImportedEvent, ImportedEvents } from './imported-event.ts';

export interface EventShelf<Events extends ImportedEvents> {
  /** An event, to be handed on at `order` (a line of the file); events of one order keep theirs. */
  put(order: number, event: ImportedEvent): void;
  /** How many were put so far. */
  readonly length: number;
  /** Every event put, by order (called once, at the end of the file). */
  sorted(): Events;
  /** Gives up what the shelf holds (the read failed or was cancelled). */
  discard(): void;
}

/** The shelf of a text read whole: an array. */
export class ArrayShelf implements EventShelf<ImportedEvent[]> {
  private readonly placed: { order: number; event: ImportedEvent }[] = [];

  put(order: number, event: ImportedEvent): void {
    this.placed.push({ order, event });
  }

  get length(): number {
    return this.placed.length;
  }

  sorted(): ImportedEvent[] {
    // Array.prototype.sort is stable: instances keep their order within a series.
    return this.placed.sort((a, b) => a.order - b.order).map((p) => p.event);
  }

  discard(): void {
    this.placed.length = 0;
  }
}
