import {
  CalendarOutlined,
  EditOutlined,
  LeftOutlined,
  LinkOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { AGENDA_MESSAGES, type Schedule } from '@mandato/domain';
import { Button, Calendar, Card, Checkbox, Empty, Skeleton, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { formatDate } from '../../platform/dateFormat.ts';

export interface MiniMonthProps {
  selected: string;
  onSelectDate: (day: string) => void;
}

type MiniMonthCalendarProps = MiniMonthProps & {
  /** a day cell was picked (not the month changed from the header) */
  onDayPicked?: () => void;
};

export interface ScheduleListProps {
  schedules: Schedule[];
  loading: boolean;
  hidden: ReadonlySet<number>;
  onToggle: (code: number, visible: boolean) => void;
  onNewSchedule: () => void;
  onEditSchedule: (code: number) => void;
  onIntegrate: (schedule: Schedule) => void;
}

export type AgendaSidePanelProps = MiniMonthProps & ScheduleListProps;

const monthTitle = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The month mini calendar: picking a day moves the big calendar to it. */
export function MiniMonth({ selected, onSelectDate, onDayPicked }: MiniMonthCalendarProps) {
  return (
    <Card size="small" className="agenda-side__month">
      <Calendar
        fullscreen={false}
        value={dayjs(selected)}
        onSelect={(date, info) => {
          onSelectDate(date.format('YYYY-MM-DD'));
          if (info.source === 'date') onDayPicked?.();
        }}
        headerRender={({ value, onChange }) => (
          <div className="agenda-month__header">
            <Button
              type="text"
              size="small"
              icon={<LeftOutlined />}
              aria-label="Mês anterior"
              onClick={() => onChange(value.subtract(1, 'month'))}
            />
            <Typography.Text strong>{monthTitle(value.format('MMMM [de] YYYY'))}</Typography.Text>
            <Button
              type="text"
              size="small"
              icon={<RightOutlined />}
              aria-label="Próximo mês"
              onClick={() => onChange(value.add(1, 'month'))}
            />
          </div>
        )}
      />
    </Card>
  );
}

/**
 * A phone's first screen is for the events: the mini month opens from 'Escolher data' (with the
 * selected day) and closes once a day is picked.
 */
export function CollapsedMiniMonth({ selected, onSelectDate }: MiniMonthProps) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="agenda-month-toggle">
      <Button
        block
        icon={<CalendarOutlined />}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
      >
        {AGENDA_MESSAGES.pickDate}: {formatDate(selected)}
      </Button>
      <div id={panel} hidden={!open}>
        {open && (
          <MiniMonth selected={selected} onSelectDate={onSelectDate} onDayPicked={() => setOpen(false)} />
        )}
      </div>
    </div>
  );
}

/** 'Minhas Agendas' with checkboxes and 'Nova Agenda' (spec 2 §2). */
export function ScheduleList(props: ScheduleListProps) {
  const { schedules, hidden } = props;
  return (
    <aside className="agenda-schedules-panel" aria-label="Minhas Agendas">
      <Card
        size="small"
        title="Minhas Agendas"
        extra={
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={props.onNewSchedule}>
            Nova Agenda
          </Button>
        }
      >
        {props.loading ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : schedules.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhum item disponível" />
        ) : (
          <ul className="agenda-schedules">
            {schedules.map((s) => (
              <li key={s.code} className="agenda-schedules__item">
                <Checkbox
                  checked={!hidden.has(s.code)}
                  onChange={(e) => props.onToggle(s.code, e.target.checked)}
                  style={{ ['--schedule-color' as string]: s.colorHex }}
                  className="agenda-schedules__check"
                >
                  <Typography.Text ellipsis={{ tooltip: s.name }} style={{ maxWidth: 150 }}>
                    {s.name}
                  </Typography.Text>
                </Checkbox>
                <span className="agenda-schedules__actions">
                  <Tooltip title="Integre sua agenda">
                    <Button
                      type="text"
                      size="small"
                      icon={<LinkOutlined />}
                      aria-label={`Integrar agenda ${s.name}`}
                      onClick={() => props.onIntegrate(s)}
                    />
                  </Tooltip>
                  <Tooltip title="Editar agenda">
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Editar agenda ${s.name}`}
                      onClick={() => props.onEditSchedule(s.code)}
                    />
                  </Tooltip>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </aside>
  );
}

/** Wide screens (spec 2 §2): the mini month above 'Minhas Agendas', beside the calendar. */
export function AgendaSidePanel(props: AgendaSidePanelProps) {
  return (
    <div className="agenda-side">
      <MiniMonth selected={props.selected} onSelectDate={props.onSelectDate} />
      <ScheduleList {...props} />
    </div>
  );
}
