// The floor of `npm run bench:ui`: FullCalendar alone, with the app's plugins, theme and options,
// drawing the same months' events the app draws — from a static array (no API, no query cache,
// no React Query, no app shell). The app's first paint and month switch are reported over this.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

interface FloorData {
  zone: string;
  firstDay: number;
  /** 'YYYY-MM' → the event inputs of that month's view. */
  months: Record<string, EventInput[]>;
}
const data = (window as unknown as { FLOOR: FloorData }).FLOOR;

const nextMonth = (month: string) => {
  const date = new Date(`${month}-15T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
};

function Floor() {
  const [month, setMonth] = useState(window.location.hash.slice(1) || Object.keys(data.months)[0]!);
  const ref = useRef<CalendarRef>(null);
  useEffect(() => ref.current?.getApi().gotoDate(`${month}-15`), [month]);
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <div>
        <button type="button" id="next" onClick={() => setMonth(nextMonth(month))}>
          {'>'}
        </button>
        <h1>{month}</h1>
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <FullCalendar
          ref={ref}
          plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView="dayGridMonth"
          initialDate={`${month}-15`}
          headerToolbar={false}
          timeZone={data.zone}
          locale="en-US"
          firstDay={data.firstDay}
          height="100%"
          dayMaxEvents={false}
          eventOrder="sortKey"
          // Each month's events carry its name as a class (floor-m-YYYY-MM): drawn, they show it.
          events={data.months[month] ?? []}
        />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Floor />
  </StrictMode>,
);
