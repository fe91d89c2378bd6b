// RRULE values (RFC 5545 §3.3.10) read part by part before ical.js sees them. ical.js ignores a
// part it does not know ("UNTL=20191023" turned a series that ended in 2019 into one without end,
// silently) and computes with absurd numbers for as long as they take (INTERVAL=999999999999 on a
// daily rule never returns). Here an unknown part is dropped with a warning that names it, and a
// rule that cannot be read, or whose numbers no calendar could mean, refuses its event.

import type { NoteParams } from '../imported-event.ts';
import { dateKind } from './date-values.ts';

/** Why a rule was refused, with what the message names; `why` picks the UI's wording. */
export interface RuleProblem {
  message: string;
  params: NoteParams;
}

export interface RuleCheck {
  /** The value to hand to ical.js (unknown and unsupported parts removed); absent when refused. */
  value?: string;
  problem?: RuleProblem;
  /** Parts that were ignored: `{ part, suggestion? }` for a warning each. */
  ignored: { part: string; suggestion?: string; why: 'unknown' | 'unsupported'; value: string }[];
}

const FREQUENCIES = ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type Frequency = (typeof FREQUENCIES)[number];

/** The longest gap between two occurrences a rule may ask for: longer is no series anyone keeps. */
export const MAX_INTERVAL_YEARS = 100;
const STEP_SECONDS: Record<Frequency, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 604_800,
  MONTHLY: 2_629_800,
  YEARLY: 31_557_600,
};
const MAX_INTERVAL_SECONDS = MAX_INTERVAL_YEARS * 31_557_600;

const WEEKDAY = /^(SU|MO|TU|WE|TH|FR|SA)$/;
const BYDAY = /^([+-]?)(\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/;
const INTEGER = /^([+-]?)(\d{1,4})$/;

/** Numeric BY parts: their range (absolute values), whether negative values are allowed. */
const NUMERIC_PARTS: Record<string, { min: number; max: number; signed: boolean }> = {
  BYSECOND: { min: 0, max: 60, signed: false },
  BYMINUTE: { min: 0, max: 59, signed: false },
  BYHOUR: { min: 0, max: 23, signed: false },
  BYMONTHDAY: { min: 1, max: 31, signed: true },
  BYYEARDAY: { min: 1, max: 366, signed: true },
  BYWEEKNO: { min: 1, max: 53, signed: true },
  BYMONTH: { min: 1, max: 12, signed: false },
  BYSETPOS: { min: 1, max: 366, signed: true },
};

/** RFC 5545's parts, plus RFC 7529's RSCALE and SKIP. */
const KNOWN_PARTS = [
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYDAY',
  'WKST',
  'RSCALE',
  'SKIP',
  ...Object.keys(NUMERIC_PARTS),
];

/** BY parts a frequency may not carry (RFC 5545 §3.3.10): ical.js fails on some, misreads others. */
const NOT_WITH: Partial<Record<string, Frequency[]>> = {
  BYWEEKNO: ['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY'],
  BYYEARDAY: ['DAILY', 'WEEKLY', 'MONTHLY'],
  BYMONTHDAY: ['WEEKLY'],
};
/** What RFC 5545 allows but ical.js cannot work out (it throws "BYYEARDAY may only appear in YEARLY rules"). */
const UNSUPPORTED_WITH: Partial<Record<string, Frequency[]>> = {
  BYYEARDAY: ['SECONDLY', 'MINUTELY', 'HOURLY'],
};

function refuse(message: string, params: NoteParams): RuleCheck {
  return { problem: { message, params }, ignored: [] };
}

/** The known part an unknown one is most likely a slip of (one or two letters off), if any. */
function likelyPart(name: string): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of KNOWN_PARTS) {
    const distance = editDistance(name, known, bestDistance);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit || a.length > 32) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return previous[b.length] as number;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Checks one RRULE value. */
export function checkRule(raw: string): RuleCheck {
  const seen = new Map<string, string>();
  const kept: string[] = [];
  const ignored: RuleCheck['ignored'] = [];
  // A trailing ';' (and empty parts) is a common slip with nothing to misread.
  for (const piece of raw.trim().split(';')) {
    if (piece.trim() === '') continue;
    const equals = piece.indexOf('=');
    const name = (equals === -1 ? piece : piece.slice(0, equals)).trim().toUpperCase();
    const value = equals === -1 ? '' : piece.slice(equals + 1).trim();
    if (equals === -1 || value === '') {
      return refuse(`The rule (RRULE) part "${clip(piece)}" has no value.`, { why: 'no_value', part: clip(name) });
    }
    if (name.startsWith('X-')) continue; // a vendor's own part: allowed, and nothing Almanac can use
    if (!KNOWN_PARTS.includes(name)) {
      const suggestion = likelyPart(name);
      ignored.push(
        Object.assign(
          { part: clip(name), why: 'unknown' as const, value: clip(value) },
          suggestion ? { suggestion } : {},
        ),
      );
      continue;
    }
    if (seen.has(name)) {
      return refuse(`The rule (RRULE) gives ${name} twice.`, { why: 'twice', part: name });
    }
    seen.set(name, value);
    const problem = checkPart(name, value.toUpperCase());
    if (problem) return { problem, ignored: [] };
    if (name === 'RSCALE') continue; // only GREGORIAN passes checkPart: what ical.js computes anyway
    if (name === 'SKIP') {
      // RFC 7529: OMIT is what RFC 5545 rules do; FORWARD/BACKWARD move invalid dates, which ical.js cannot.
      if (value.toUpperCase() !== 'OMIT') ignored.push({ part: 'SKIP', why: 'unsupported', value: clip(value) });
      continue;
    }
    kept.push(`${name}=${value}`);
  }

  const freq = seen.get('FREQ')?.toUpperCase() as Frequency | undefined;
  if (!freq)
    return refuse('The rule (RRULE) has no FREQ, so it says nothing about how often the event repeats.', {
      why: 'no_freq',
    });
  for (const [part, frequencies] of Object.entries(NOT_WITH)) {
    if (seen.has(part) && frequencies?.includes(freq)) {
      return refuse(`The rule (RRULE) gives ${part}, which a FREQ=${freq} rule may not have.`, {
        why: 'not_with_freq',
        part,
        value: freq,
      });
    }
  }
  for (const [part, frequencies] of Object.entries(UNSUPPORTED_WITH)) {
    if (seen.has(part) && frequencies?.includes(freq)) {
      return refuse(`The rule (RRULE) gives ${part} with FREQ=${freq}, which Almanac cannot work out.`, {
        why: 'unsupported_with_freq',
        part,
        value: freq,
      });
    }
  }
  // "5MO" (the fifth Monday) counts within a month or a year; a weekly rule cannot have it.
  const byday = seen.get('BYDAY');
  if (byday && /\d/.test(byday) && (!['MONTHLY', 'YEARLY'].includes(freq) || seen.has('BYWEEKNO'))) {
    return refuse(
      `The rule (RRULE) has BYDAY=${clip(byday)}: a numbered weekday needs a monthly or yearly rule without BYWEEKNO.`,
      {
        why: 'not_with_freq',
        part: 'BYDAY',
        value: freq,
      },
    );
  }
  const interval = seen.has('INTERVAL') ? Number(seen.get('INTERVAL')) : 1;
  if (interval * STEP_SECONDS[freq] > MAX_INTERVAL_SECONDS) {
    return refuse(
      `The rule (RRULE) asks for INTERVAL=${clip(seen.get('INTERVAL') ?? '')}: its events would be more than ${MAX_INTERVAL_YEARS} years apart.`,
      { why: 'interval_too_long', part: 'INTERVAL', value: clip(seen.get('INTERVAL') ?? ''), max: MAX_INTERVAL_YEARS },
    );
  }
  return { value: kept.join(';'), ignored };
}

/** The problem with one known part's value, if any. */
function checkPart(name: string, value: string): RuleProblem | undefined {
  const bad = (detail: string): RuleProblem => ({
    message: `The rule (RRULE) has ${name}=${clip(value)}, ${detail}.`,
    params: { why: 'bad_value', part: name, value: clip(value) },
  });
  switch (name) {
    case 'FREQ':
      return (FREQUENCIES as readonly string[]).includes(value)
        ? undefined
        : bad('which is not a frequency (SECONDLY … YEARLY)');
    case 'COUNT':
    case 'INTERVAL':
      return /^\d{1,12}$/.test(value) && Number(value) >= 1
        ? undefined
        : bad('which is not a whole number of at least 1');
    case 'UNTIL':
      return dateKind(value) === null ? bad('which is not a date') : undefined;
    case 'WKST':
      return WEEKDAY.test(value) ? undefined : bad('which is not a day of the week (MO, TU …)');
    case 'RSCALE':
      return value === 'GREGORIAN' ? undefined : bad('a calendar other than the Gregorian one');
    case 'SKIP':
      return ['OMIT', 'FORWARD', 'BACKWARD'].includes(value)
        ? undefined
        : bad('which is not OMIT, FORWARD or BACKWARD');
    case 'BYDAY':
      for (const item of value.split(',')) {
        const m = BYDAY.exec(item.trim());
        const ordinal = m?.[2] === undefined ? null : Number(m[2]);
        if (!m || ordinal === 0 || (ordinal !== null && ordinal > 53)) return bad(`where "${clip(item)}" is not a day`);
      }
      return undefined;
  }
  const range = NUMERIC_PARTS[name];
  if (!range) return undefined;
  for (const item of value.split(',')) {
    const m = INTEGER.exec(item.trim());
    const number = m ? Number(m[2]) : NaN;
    if (!m || (m[1] === '-' && !range.signed) || !(number >= range.min && number <= range.max)) {
      return bad(`where "${clip(item)}" is out of range (${range.signed ? '±' : ''}${range.min} to ${range.max})`);
    }
  }
  return undefined;
}
