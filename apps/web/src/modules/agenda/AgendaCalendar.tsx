import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { AGENDA_SLOT_MINUTES } from '@mandato/domain';
import { type RefObject, useEffect, useRef } from 'react';
import { calendarTitle } from './eventForm.ts';
import { useAccessibleCalendar } from './useAccessibleCalendar.ts';

export const WEEK_VIEW = 'timeGridWeek';
export const DAY_VIEW = 'timeGridDay';
export const LIST_VIEW = 'listWeek';

const slot = `00:${String(AGENDA_SLOT_MINUTES).padStart(2, '0')}:00`;

/** Grid views cut titles at 10 characters; the list view has room for the whole title. */
function EventContent({ arg }: { arg: EventContentArg }) {
  const full = arg.event.title;
  if (arg.view.type.startsWith('list')) return <span title={full}>{full}</span>;
  return (
    <div className="agenda-event" title={full}>
      {arg.timeText && <span className="agenda-event__time">{arg.timeText} </span>}
      <span className="agenda-event__title">{calendarTitle(full)}</span>
    </div>
  );
}

export interface AgendaCalendarProps {
  calendarRef: RefObject<FullCalendar | null>;
  mobile: boolean;
  events: EventInput[];
  onRange: (start: Date, end: Date) => void;
  onSlotClick: (date: Date, allDay: boolean) => void;
  onEventClick: (code: number) => void;
}

/**
 * FullCalendar as spec 2 §2 and §9 ask: pt-br, week view (day view below 768 px) and list,
 * Sunday first, 30-minute slots with hourly labels, now indicator, all-day row.
 */
export function AgendaCalendar({
  calendarRef,
  mobile,
  events,
  onRange,
  onSlotClick,
  onEventClick,
}: AgendaCalendarProps) {
  const container = useRef<HTMLDivElement>(null);
  useAccessibleCalendar(container);
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (!calendar) return;
    const view = calendar.view.type;
    if (mobile && view === WEEK_VIEW) calendar.changeView(DAY_VIEW);
    if (!mobile && view === DAY_VIEW) calendar.changeView(WEEK_VIEW);
  }, [mobile, calendarRef]);

  return (
    <div ref={container}>
      <FullCalendar
        ref={calendarRef}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={ptBrLocale}
        initialView={mobile ? DAY_VIEW : WEEK_VIEW}
        headerToolbar={{
          left: 'prev,next today',
          center: 'title',
          right: `${DAY_VIEW},${WEEK_VIEW},${LIST_VIEW}`,
        }}
        firstDay={0}
        slotDuration={slot}
        slotLabelInterval="01:00"
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        nowIndicator
        allDaySlot
        scrollTime="08:00:00"
        height={mobile ? 620 : 720}
        events={events}
        eventContent={(arg) => <EventContent arg={arg} />}
        datesSet={(arg: DatesSetArg) => onRange(arg.start, arg.end)}
        dateClick={(arg: DateClickArg) => onSlotClick(arg.date, arg.allDay)}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onEventClick(Number(arg.event.id));
        }}
      />
    </div>
  );
}
