import { EditOutlined, LeftOutlined, LinkOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { Schedule } from '@mandato/domain';
import { Button, Calendar, Card, Checkbox, Empty, Skeleton, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';

export interface AgendaSidePanelProps {
  selected: string;
  onSelectDate: (day: string) => void;
  schedules: Schedule[];
  loading: boolean;
  hidden: ReadonlySet<number>;
  onToggle: (code: number, visible: boolean) => void;
  onNewSchedule: () => void;
  onEditSchedule: (code: number) => void;
  onIntegrate: (schedule: Schedule) => void;
}

const monthTitle = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Month mini calendar, 'Minhas Agendas' with checkboxes and 'Nova Agenda' (spec 2 §2). */
export function AgendaSidePanel(props: AgendaSidePanelProps) {
  const { schedules, hidden } = props;
  return (
    <aside className="agenda-side" aria-label="Minhas Agendas">
      <Card size="small" className="agenda-side__month">
        <Calendar
          fullscreen={false}
          value={dayjs(props.selected)}
          onSelect={(date) => props.onSelectDate(date.format('YYYY-MM-DD'))}
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
