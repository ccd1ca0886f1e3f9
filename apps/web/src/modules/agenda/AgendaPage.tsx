import { PlusOutlined } from '@ant-design/icons';
import type FullCalendar from '@fullcalendar/react';
import type { Schedule } from '@mandato/domain';
import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { screenToday } from '../../platform/dateFormat.ts';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { localDate } from '../../platform/ui/wallClock.ts';
import { AgendaCalendar } from './AgendaCalendar.tsx';
import {
  AgendaSidePanel,
  CollapsedMiniMonth,
  ScheduleList,
  type ScheduleListProps,
} from './AgendaSidePanel.tsx';
import type { EventRange } from './api.ts';
import { rangeQuery, visibleEvents } from './calendarEvents.ts';
import { EventDrawer } from './EventDrawer.tsx';
import { type EventFormValues, newAllDayEvent, newEventAt, suggestedSchedule } from './eventForm.ts';
import { useEvents, useSchedules } from './hooks/useAgenda.ts';
import { ScheduleDrawer } from './ScheduleDrawer.tsx';
import { SubscribeModal } from './SubscribeModal.tsx';
import './agenda.css';

type EventEditor = { code?: number; initial: EventFormValues };

/** Agenda (spec 2 §2 "Agenda", §4, §9): side panel and the calendar of the checked schedules. */
export function AgendaPage() {
  const mobile = useIsMobile();
  const calendarRef = useRef<FullCalendar | null>(null);
  const [range, setRange] = useState<EventRange | null>(null);
  const [selected, setSelected] = useState(() => screenToday());
  const [hidden, setHidden] = useState<Set<number>>(() => new Set());
  const [scheduleEditor, setScheduleEditor] = useState<{ code?: number } | null>(null);
  const [eventEditor, setEventEditor] = useState<EventEditor | null>(null);
  const [integrating, setIntegrating] = useState<Schedule | null>(null);

  const schedules = useSchedules();
  // the events of the range the calendar shows: moving outside it loads the new range
  const events = useEvents(range);
  const shown = useMemo(() => visibleEvents(events.data ?? [], hidden), [events.data, hidden]);
  const list = schedules.data ?? [];
  const defaultSchedule = suggestedSchedule(list, hidden);
  const selectDate = (day: string) => {
    setSelected(day);
    calendarRef.current?.getApi().gotoDate(day);
  };
  const scheduleList: ScheduleListProps = {
    schedules: list,
    loading: schedules.isLoading,
    hidden,
    onToggle: (code, visible) =>
      setHidden((prev) => {
        const next = new Set(prev);
        if (visible) next.delete(code);
        else next.add(code);
        return next;
      }),
    onNewSchedule: () => setScheduleEditor({}),
    onEditSchedule: (code) => setScheduleEditor({ code }),
    onIntegrate: setIntegrating,
  };

  return (
    <PageShell
      title="Agenda"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEventEditor({ initial: newAllDayEvent(selected, defaultSchedule) })}
        >
          Novo Evento
        </Button>
      }
    >
      <div className={`agenda-layout${mobile ? ' agenda-layout--mobile' : ''}`}>
        {mobile ? (
          <CollapsedMiniMonth selected={selected} onSelectDate={selectDate} />
        ) : (
          <AgendaSidePanel selected={selected} onSelectDate={selectDate} {...scheduleList} />
        )}
        <div className="agenda-main">
          <AgendaCalendar
            calendarRef={calendarRef}
            mobile={mobile}
            events={shown}
            onRange={(start, end) => {
              setRange(rangeQuery(start, end));
              const current = calendarRef.current?.getApi().getDate();
              if (current) setSelected(localDate(current));
            }}
            onSlotClick={(date, allDay) =>
              setEventEditor({ initial: newEventAt(date, allDay, defaultSchedule) })
            }
            onEventClick={(code) => setEventEditor({ code, initial: newAllDayEvent(selected) })}
          />
        </div>
        {/* on a phone the events come first, the agendas after them */}
        {mobile && <ScheduleList {...scheduleList} />}
      </div>
      {scheduleEditor && (
        <ScheduleDrawer code={scheduleEditor.code} onClose={() => setScheduleEditor(null)} />
      )}
      {eventEditor && (
        <EventDrawer
          code={eventEditor.code}
          initial={eventEditor.initial}
          schedules={list}
          schedulesLoading={schedules.isLoading}
          defaultScheduleCode={defaultSchedule}
          onClose={() => setEventEditor(null)}
        />
      )}
      {integrating && <SubscribeModal schedule={integrating} onClose={() => setIntegrating(null)} />}
    </PageShell>
  );
}
