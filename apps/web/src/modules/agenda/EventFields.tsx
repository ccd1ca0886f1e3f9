import { PlusOutlined } from '@ant-design/icons';
import { AGENDA_MESSAGES, type Schedule } from '@mandato/domain';
import { Alert, Button, Col, DatePicker, Input, Row, Segmented, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import type { UserName } from '../users/api.ts';
import { UserSelect } from '../users/UserSelect.tsx';
import { type EventFormValues, formatHour } from './eventForm.ts';

const DATE_FORMAT = 'DD/MM/YYYY';

export interface EventFieldsProps {
  values: EventFormValues;
  errors: Record<string, string>;
  schedules: Schedule[];
  knownGuests?: UserName[];
  readOnly: boolean;
  /** Given when there is no agenda to choose: the field offers 'Nova Agenda' (spec 2 §2). */
  onNewSchedule?: () => void;
  set: <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => void;
}

/** Fields of the event drawer 'Evento' (spec 2 §3 "Event" form fields). */
export function EventFields({
  values,
  errors,
  schedules,
  knownGuests,
  readOnly,
  onNewSchedule,
  set,
}: EventFieldsProps) {
  const hourError = errors.beginHour ?? errors.endHour;
  const day = (key: 'beginDate' | 'endDate', label: string) => (
    <FormField id={`event-${key}`} label={label} error={errors[key]} required>
      <DatePicker
        id={`event-${key}`}
        format={DATE_FORMAT}
        allowClear={false}
        disabled={readOnly}
        value={values[key] ? dayjs(values[key]) : null}
        onChange={(d) => set(key, d ? d.format('YYYY-MM-DD') : '')}
        style={{ width: '100%' }}
      />
    </FormField>
  );
  const hour = (key: 'beginHour' | 'endHour', label: string) => (
    <FormField id={`event-${key}`} label={label} error={errors[key] ? ' ' : undefined} required>
      <Input
        id={`event-${key}`}
        placeholder="HH:MM"
        inputMode="numeric"
        maxLength={5}
        disabled={readOnly}
        value={values[key]}
        onChange={(e) => set(key, formatHour(e.target.value))}
      />
    </FormField>
  );
  return (
    <>
      <FormField id="event-title" label="Título" error={errors.title} required>
        <Input
          id="event-title"
          maxLength={200}
          disabled={readOnly}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
        />
      </FormField>
      <FormField id="event-schedule" label="Agenda" error={errors.scheduleCode} required>
        <Select
          id="event-schedule"
          aria-label="Agenda"
          disabled={readOnly}
          value={values.scheduleCode}
          onChange={(code: number) => set('scheduleCode', code)}
          options={schedules.map((s) => ({
            value: s.code,
            label: (
              <span>
                <span className="agenda-dot" style={{ background: s.colorHex }} />
                {s.name}
              </span>
            ),
            title: s.name,
          }))}
        />
      </FormField>
      {onNewSchedule && (
        <Alert
          type="info"
          showIcon
          title={AGENDA_MESSAGES.noSchedule}
          style={{ marginTop: -8, marginBottom: 16 }}
          action={
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={onNewSchedule}>
              {AGENDA_MESSAGES.newSchedule}
            </Button>
          }
        />
      )}
      <FormField id="event-entire-day" label="Duração">
        <Segmented
          id="event-entire-day"
          disabled={readOnly}
          value={values.entireDay ? 'Dia' : 'Hora'}
          options={['Dia', 'Hora']}
          onChange={(v) => set('entireDay', v === 'Dia')}
        />
      </FormField>
      <Row gutter={12}>
        <Col span={values.entireDay ? 24 : 14}>{day('beginDate', 'Início')}</Col>
        {!values.entireDay && <Col span={10}>{hour('beginHour', 'Hora de início')}</Col>}
      </Row>
      <Row gutter={12}>
        <Col span={values.entireDay ? 24 : 14}>{day('endDate', 'Término')}</Col>
        {!values.entireDay && <Col span={10}>{hour('endHour', 'Hora de término')}</Col>}
      </Row>
      {!values.entireDay && hourError && (
        <div role="alert" style={{ marginTop: -4, marginBottom: 12 }}>
          <Typography.Text type="danger">{hourError}</Typography.Text>
        </div>
      )}
      <FormField id="event-location" label="Local" error={errors.location}>
        <Input
          id="event-location"
          maxLength={300}
          disabled={readOnly}
          value={values.location}
          onChange={(e) => set('location', e.target.value)}
        />
      </FormField>
      <FormField id="event-description" label="Descrição" error={errors.description}>
        <Input.TextArea
          id="event-description"
          rows={3}
          maxLength={5000}
          disabled={readOnly}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <FormField id="event-guests" label="Convidados">
        <UserSelect
          id="event-guests"
          ariaLabel="Convidados"
          multiple
          disabled={readOnly}
          value={values.guests}
          known={knownGuests}
          onChange={(guests) => set('guests', guests)}
        />
      </FormField>
    </>
  );
}
