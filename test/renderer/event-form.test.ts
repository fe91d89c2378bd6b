// The event editor's model (renderer/src/features/events/editor/event-form.ts) and the PATCH a drag
// sends (features/calendar/moves.ts): an update sends only what changed, so it never overwrites a
// field someone else changed meanwhile, and server messages land at the right field.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  changedFields,
  eventWrite,
  fieldErrors,
  newEventForm,
} from '../../renderer/src/features/events/editor/event-form.ts';
import { moveWrite, restoreWrite } from '../../renderer/src/features/calendar/moves.ts';
import type { FeedEvent } from '../../contract/app/feed.ts';

describe('event form', () => {
  const initial = newEventForm('Europe/Madrid', {
    start: '2027-03-10T09:00:00+01:00',
    end: '2027-03-10T10:30:00+01:00',
    allDay: false,
    title: 'Rehearsal',
  });

  it('takes a quick-add slot’s wall times as the grid showed them', () => {
    assert.equal(initial.start, '2027-03-10 09:00');
    assert.equal(initial.end, '2027-03-10 10:30');
    assert.equal(initial.title, 'Rehearsal');
    const day = newEventForm('UTC', { start: '2027-03-10', end: '2027-03-11', allDay: true });
    assert.equal(day.start, '2027-03-10');
    assert.equal(day.allDay, true);
  });

  it('a create sends every field; an update only the changed ones', () => {
    const create = eventWrite(initial, null);
    assert.equal(create.title, 'Rehearsal');
    assert.equal(create.timezone, 'Europe/Madrid');
    assert.equal('password' in create, false, 'an empty password is not a value');

    const edited = {
      ...initial,
      cost: '10',
      tags: [
        { id: null, name: 'new tag' },
        { id: 4, name: 'old' },
      ],
    };
    assert.deepEqual(changedFields(initial, edited).sort(), ['cost', 'tags']);
    assert.deepEqual(eventWrite(edited, initial), { cost: '10', tags: ['new tag', 4] });
  });

  it('dates, all-day and zone travel together', () => {
    assert.deepEqual(eventWrite({ ...initial, timezone: 'America/Mexico_City' }, initial), {
      timezone: 'America/Mexico_City',
      all_day: false,
      start_date: '2027-03-10 09:00',
      end_date: '2027-03-10 10:30',
    });
  });

  it('sends an inline venue as the object the service creates it from', () => {
    const withVenue = { ...initial, venue: { id: null, name: 'Teatro', fields: { city: 'Lima' } } };
    assert.deepEqual(eventWrite(withVenue, initial), { venue: { city: 'Lima', venue: 'Teatro' } });
    assert.deepEqual(eventWrite({ ...withVenue, venue: null }, withVenue), { venue: [] });
  });

  it('puts each 400 message at its field, unknown parameters on the form', () => {
    assert.deepEqual(
      fieldErrors({ start_date: 'Not a date.', 'organizer[0]': 'No such organizer.', color: 'Unknown.' }),
      { start: 'Not a date.', organizers: 'No such organizer.', form: 'Unknown.' },
    );
  });
});

describe('drag and resize writes', () => {
  const before: FeedEvent = {
    id: 7,
    title: 'Gig',
    status: 'publish',
    start_utc: '2027-03-10T20:00:00Z',
    end_utc: '2027-03-10T22:00:00Z',
    start: '2027-03-10 21:00:00',
    end: '2027-03-10 23:00:00',
    timezone: 'Europe/Madrid',
    all_day: false,
    featured: false,
    categories: [],
    venue: null,
    etag: '"a"',
    series: null,
  };

  it('sends a timed move as UTC instants (the event keeps its zone)', () => {
    const placed = {
      allDay: false,
      start: new Date('2027-03-12T19:00:00.000Z'),
      end: new Date('2027-03-12T21:00:00.000Z'),
      startStr: '',
      endStr: '',
    };
    assert.deepEqual(moveWrite(placed, before), {
      start_date: '2027-03-12T19:00:00Z',
      end_date: '2027-03-12T21:00:00Z',
    });
  });

  it('sends an all-day drop as inclusive dates, and a drop into the time grid as one hour', () => {
    assert.deepEqual(
      moveWrite({ allDay: true, start: null, end: null, startStr: '2027-03-12', endStr: '2027-03-14' }, before),
      { all_day: true, start_date: '2027-03-12', end_date: '2027-03-13' },
    );
    const wasAllDay = { ...before, all_day: true };
    const start = new Date('2027-03-12T09:00:00.000Z');
    assert.deepEqual(moveWrite({ allDay: false, start, end: null, startStr: '', endStr: '' }, wasAllDay), {
      start_date: '2027-03-12T09:00:00Z',
      end_date: '2027-03-12T10:00:00Z',
      all_day: false,
    });
  });

  it('undo puts back the wall times in the event’s zone', () => {
    assert.deepEqual(restoreWrite(before), {
      all_day: false,
      start_date: '2027-03-10 21:00:00',
      end_date: '2027-03-10 23:00:00',
    });
  });
});
