// Calendar views and their visible ranges. The range a view shows decides which events the range
// feed asks for, so it is computed here, in plain date arithmetic on 'YYYY-MM-DD' strings (no
// time zone involved: a calendar day is a calendar day). Pure: unit-tested in test/renderer/.

export const VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof VIEWS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

export function toIsoDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** 'YYYY-MM-DD' as a UTC-midnight Date (date arithmetic only). */
export function fromIsoDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function isIsoDate(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return toIsoDate(fromIsoDate(text)) === text;
}

export function addDays(date: string, days: number): string {
  const next = fromIsoDate(date);
  next.setUTCDate(next.getUTCDate() + days);
  return toIsoDate(next);
}

export function addMonths(date: string, months: number): string {
  const current = fromIsoDate(date);
  const day = current.getUTCDate();
  const target = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIsoDate(target);
}

/** The first day of the week containing `date`; `firstDay` 0 = Sunday, 1 = Monday… */
export function startOfWeek(date: string, firstDay: number): string {
  const weekday = fromIsoDate(date).getUTCDay();
  return addDays(date, -((weekday - firstDay + 7) % 7));
}

/**
 * The days a view shows, as [start, end) in 'YYYY-MM-DD': the month grid's six weeks (leading and
 * trailing days of the neighbouring months included), the week, the day, or the list's month.
 */
export function visibleRange(view: CalendarView, date: string, firstDay: number): { start: string; end: string } {
  switch (view) {
    case 'day':
      return { start: date, end: addDays(date, 1) };
    case 'week': {
      const start = startOfWeek(date, firstDay);
      return { start, end: addDays(start, 7) };
    }
    case 'list': {
      const start = `${date.slice(0, 7)}-01`;
      return { start, end: addMonths(start, 1) };
    }
    case 'month': {
      const start = startOfWeek(`${date.slice(0, 7)}-01`, firstDay);
      return { start, end: addDays(start, 42) };
    }
  }
}

/** The date Previous / Next move to. */
export function step(view: CalendarView, date: string, direction: 1 | -1): string {
  if (view === 'day') return addDays(date, direction);
  if (view === 'week') return addDays(date, 7 * direction);
  return addMonths(date, direction);
}
