// The event editor's model (renderer/src/features/events/editor/event-form.ts) and the PATCH a drag
// sends (features/calendar/moves.ts): an update sends only what changed, so it never overwrites a
// field someone else changed meanwhile, and server messages land at the right field.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EVENT_FLAG_NAMES, EVENT_FLAGS } from '../../contract/constants.ts';
import { en } from '../../renderer/src/i18n/messages/en.ts';
import { es } from '../../renderer/src/i18n/messages/es.ts';
import {
  EDITOR_FLAGS,
  EVENT_FIELDS,
  changedFields,
  costInput,
  duplicateForm,
  eventFieldOf,
  eventWrite,
  formFromEvent,
  newEventForm,
  withStart,
} from '../../renderer/src/features/events/editor/event-form.ts';
import { formErrorsOf } from '../../renderer/src/components/form-errors.ts';
import { withScheme } from '../../renderer/src/components/web-address.ts';
import { excerptText } from '../../renderer/src/api/excerpt.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';
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

  it('a new event is the next full hour on the site’s clock, one hour long, even late at night (CI at 22:xx: End was 23:59)', () => {
    const lateInBerlin = new Date('2026-11-25T21:40:00Z'); // 22:40 in Berlin
    const late = newEventForm('Europe/Berlin', undefined, lateInBerlin);
    assert.equal(late.start, '2026-11-25 23:00');
    assert.equal(late.end, '2026-11-26 00:00');
    const tokyo = newEventForm('Asia/Tokyo', undefined, lateInBerlin); // 06:40 the next day there
    assert.equal(tokyo.start, '2026-11-26 07:00');
    assert.equal(tokyo.end, '2026-11-26 08:00');
    const unknownZone = newEventForm('UTC+2', undefined, lateInBerlin);
    assert.match(unknownZone.start, /^\d{4}-\d{2}-\d{2} \d{2}:00$/);
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
    const error = new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): start_date', {
      params: { start_date: 'Not a date.', 'organizer[0]': 'No such organizer.', color: 'Unknown.' },
    });
    assert.deepEqual(formErrorsOf(error, { fieldOf: eventFieldOf, text: () => 'words' }), {
      fields: { start: 'Not a date.', organizers: 'No such organizer.' },
      form: 'Unknown.',
    });
    assert.deepEqual(
      formErrorsOf(new ApiError(403, 'rest_forbidden', 'No.'), { fieldOf: eventFieldOf, text: () => 'words' }),
      {
        fields: {},
        form: 'words',
      },
    );
  });

  it('reads the cost as written: the site’s symbol the API adds is not made the event’s own (issue 36)', () => {
    const bare = (cost: string, ...values: string[]) => ({
      cost,
      cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values },
    });
    assert.equal(costInput(bare('$15', '15')), '15', 'a bare 15 on a dollar site');
    assert.equal(costInput(bare('10€ – 20€', '10', '20')), '10 – 20');
    assert.equal(costInput(bare('Free', '0')), 'Free');
    assert.equal(costInput(bare('')), '');
    const own = {
      cost: '€15',
      cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'prefix', values: ['15'] },
    };
    assert.equal(costInput(own), '€15', 'the event’s own symbol is kept');
  });

  it('reads a loaded event into the form, and a duplicate keeps everything but the password', () => {
    const event = {
      title: 'Choir rehearsal',
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 20:00:00',
      all_day: false,
      timezone: 'Europe/Berlin',
      description: '<p>Bring scores.</p>',
      excerpt: '<p>Weekly.<br />\nAll voices.</p>',
      venue: { id: 4, venue: 'Hall' },
      organizer: [{ id: 5, organizer: 'Choir' }],
      categories: [{ id: 7, name: 'Music' }],
      tags: [],
      cost: '5 €',
      cost_details: { currency_symbol: '€', currency_code: '', currency_position: 'postfix', values: ['5'] },
      website: 'https://example.org/e/choir',
      url: 'https://example.org/e/choir',
      image: false,
      featured: true,
      sticky: false,
      hide_from_listings: false,
      show_map: true,
      show_map_link: false,
      status: 'publish',
    } as unknown as Parameters<typeof formFromEvent>[0];
    const form = formFromEvent(event);
    assert.equal(form.start, '2027-03-10 18:00');
    assert.equal(form.excerpt, 'Weekly.\nAll voices.');
    assert.equal(form.website, '', 'the event’s own page is not a website');
    assert.deepEqual(form.venue, { id: 4, name: 'Hall' });
    assert.deepEqual(duplicateForm(event, true), { ...form, password: '' });
    assert.equal(duplicateForm(event, false).status, 'draft', 'a contributor’s copy is a draft');
    // The yes/no fields come from EVENT_FLAGS: read as the event has them, sent when changed.
    assert.deepEqual(
      EDITOR_FLAGS.map((name) => [name, form[name]]),
      [
        ['show_map', true],
        ['show_map_link', false],
        ['hide_from_listings', false],
        ['sticky', false],
        ['featured', true],
      ],
    );
    assert.deepEqual(eventWrite({ ...form, hide_from_listings: true }, form), { hide_from_listings: true });
  });

  it('shows a checkbox for every EVENT_FLAGS entry marked for the editor, with a label in both catalogs', () => {
    assert.deepEqual(
      EDITOR_FLAGS,
      EVENT_FLAG_NAMES.filter((name) => EVENT_FLAGS[name].editor),
    );
    for (const name of EDITOR_FLAGS) {
      assert.equal(EVENT_FIELDS[name].param, name);
      assert.equal(EVENT_FIELDS[name].label, `editor.flag.${name}`);
      assert.ok(en[EVENT_FIELDS[name].label] && es[EVENT_FIELDS[name].label], name);
      // A new event starts as the service reads a flag never set.
      assert.equal(newEventForm('UTC')[name], EVENT_FLAGS[name].unset);
    }
  });

  it('End keeps the length when Start moves (timed and all-day)', () => {
    const moved = withStart(initial, '2027-03-12 18:45');
    assert.equal(moved.start, '2027-03-12 18:45');
    assert.equal(moved.end, '2027-03-12 20:15', 'still 1 h 30 min');
    const days = { ...initial, allDay: true, start: '2027-03-10', end: '2027-03-12' };
    assert.equal(withStart(days, '2027-04-01').end, '2027-04-03', 'still three days');
  });

  it('the excerpt is edited as the text that was written, not the paragraphs the service wraps it in', () => {
    assert.equal(excerptText('<p>Short teaser…<br />\nSecond line.</p>'), 'Short teaser…\nSecond line.');
    assert.equal(excerptText('<p>One.</p>\n<p>Two.</p>'), 'One.\n\nTwo.');
    assert.equal(excerptText(''), '');
  });

  it('web addresses get their scheme: "zoom.us/j/123" is https://zoom.us/j/123', () => {
    assert.equal(withScheme('zoom.us/j/123'), 'https://zoom.us/j/123');
    assert.equal(withScheme(' example.org '), 'https://example.org');
    assert.equal(withScheme('localhost:8080/x'), 'https://localhost:8080/x');
    assert.equal(withScheme('http://a.b/c'), 'http://a.b/c');
    assert.equal(withScheme('mailto:x@y.z'), 'mailto:x@y.z');
    assert.equal(withScheme('not an address'), 'not an address');
    assert.deepEqual(eventWrite({ ...initial, website: 'zoom.us/j/123' }, initial), {
      website: 'https://zoom.us/j/123',
    });
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
    hide_from_listings: false,
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
