// Time zone helpers for the UI. The service accepts IANA names and `UTC`, `UTC+5`, `UTC-3:30`;
// Intl and Temporal take the offset forms as `+05:00`, `-03:30`.

/** The zone as Intl / Temporal take it. */
export function intlZone(zone: string): string {
  const match = /^UTC([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!match) return zone;
  const [, sign, hours, minutes = '00'] = match;
  return `${sign}${hours!.padStart(2, '0')}:${minutes}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in `zone`. */
export function todayIn(zone: string, now = new Date()): string {
  try {
    // One formatter a zone: making one costs more than formatting with it (the card asks on open).
    let format = dayFormats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: intlZone(zone),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      dayFormats.set(zone, format);
    }
    return format.format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock fields of `instant` in `zone` (the computer's zone if Intl does not know it), from
 * one cached formatter a zone: the month grid asks for every day boundary it draws.
 */
export function wallFieldsIn(
  zone: string,
  instant: Date | number,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = wallFormats.get(zone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: intlZone(zone) || undefined });
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    wallFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `instant` as 'YYYY-MM-DD HH:MM' on the wall clock of `zone` (the computer's if Intl does not know it). */
export function wallTimeIn(zone: string, instant: Date): string {
  const wall = wallFieldsIn(zone, instant);
  return `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}`;
}

/** The short name of `zone` at `date` ("PST", "GMT+1"), in the given locale. */
export function zoneAbbreviation(zone: string, date: Date, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: intlZone(zone), timeZoneName: 'short' }).formatToParts(
      date,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}
