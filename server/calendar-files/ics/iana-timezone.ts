// An ical.js time zone whose rules come from the IANA database (through luxon) instead of a
// VTIMEZONE block. ical.js only knows the zones a file defines, and falls back to "floating" for a
// TZID it cannot find, which would compare an "Europe/Berlin" EXDATE with a UTC RECURRENCE-ID as if
// both were UTC. Giving every date an IANA-backed zone makes ical.js's comparisons, UNTIL checks
// and UTC conversions agree with the zone the event is stored in.

import ICAL from 'ical.js';
import { IANAZone } from 'luxon';

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 86_400_000;
/** Offsets cached per zone before the cache is started afresh (~40 years of days, plus change). */
const MAX_CACHED = 20_000;

const instances = new Map<string, IanaTimezone>();

export class IanaTimezone extends ICAL.Timezone {
  private readonly zone: IANAZone;
  /**
   * Asking Intl for an offset costs ~8 µs, which 10,000 events (or a long series) would pay twice
   * each. Offsets are cached by UTC day, and a day whose start and end have the same offset holds no
   * transition, so the whole day takes it; the day of a transition is cached by quarter hour (all
   * modern transitions fall on a quarter hour).
   */
  private readonly dayOffsets = new Map<number, number>();
  private readonly quarterOffsets = new Map<number, number>();

  private constructor(readonly iana: string) {
    super({ tzid: iana });
    this.zone = IANAZone.create(iana);
  }

  /**
   * One instance per zone for the whole process, so that its offsets are looked up once and not
   * per import (they are facts of the tz database). The caches are dropped when they grow large.
   */
  static named(iana: string): IanaTimezone {
    let zone = instances.get(iana);
    if (!zone) {
      zone = new IanaTimezone(iana);
      instances.set(iana, zone);
    }
    if (zone.dayOffsets.size + zone.quarterOffsets.size > MAX_CACHED) {
      zone.dayOffsets.clear();
      zone.quarterOffsets.clear();
    }
    return zone;
  }

  /** Offset in minutes at a UTC instant. */
  offsetAt(utcMs: number): number {
    const day = Math.floor(utcMs / DAY_MS);
    const atStart = this.cached(this.dayOffsets, day, DAY_MS);
    if (atStart === this.cached(this.dayOffsets, day + 1, DAY_MS)) return atStart;
    return this.cached(this.quarterOffsets, Math.floor(utcMs / QUARTER_HOUR_MS), QUARTER_HOUR_MS);
  }

  private cached(cache: Map<number, number>, index: number, size: number): number {
    let offset = cache.get(index);
    if (offset === undefined) {
      offset = this.zone.offset(index * size);
      cache.set(index, offset);
    }
    return offset;
  }

  /**
   * Offset in minutes for a wall time (given as if it were UTC). Same approach as luxon's: guess with
   * the offset at that instant, then correct once; in a gap (spring forward) the later offset wins,
   * so 02:30 on the changeover day reads as 03:30, as luxon and most calendars read it.
   */
  offsetForWall(wallMs: number): number {
    const guess = this.offsetAt(wallMs);
    const corrected = this.offsetAt(wallMs - guess * 60_000);
    if (corrected === guess) return guess;
    const again = this.offsetAt(wallMs - corrected * 60_000);
    return again === corrected ? corrected : Math.max(guess, corrected);
  }

  /** ical.js asks this (in seconds) whenever it converts or compares a time in this zone. */
  override utcOffset(tt: ICAL.Time): number {
    const wallMs = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    return this.offsetForWall(wallMs) * 60;
  }
}
