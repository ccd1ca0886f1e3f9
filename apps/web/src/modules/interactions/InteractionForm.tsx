import {
  INTERACTION_CHANNEL_LABELS,
  INTERACTION_CHANNELS,
  INTERACTION_MESSAGES,
  INTERACTION_PICKER_OPEN_VALUE,
  INTERACTION_TIME_STEP_MINUTES,
  type Interaction,
} from '@mandato/domain';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSession } from '../../platform/session/useSession.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { visibleErrors } from '../../platform/ui/form/formErrors.ts';
import { UserSelect } from '../users/UserSelect.tsx';
import { useSaveInteraction } from './hooks/useInteractions.ts';
import {
  type InteractionFormValues,
  interactionFormOf,
  newInteraction,
  validateInteraction,
  withBeginTime,
} from './interactionForm.ts';

const asTime = (hour: string): Dayjs | null => {
  if (!/^\d{2}:\d{2}$/.test(hour)) return null;
  const [h, m] = hour.split(':').map(Number);
  return dayjs()
    .hour(h ?? 0)
    .minute(m ?? 0)
    .second(0);
};
const OPEN_VALUE = asTime(INTERACTION_PICKER_OPEN_VALUE) ?? undefined;

/**
 * Create or edit an interaction (spec 2 §3, §4, §5). A new one offers 'Criar como concluída e
 * adicionar nova'; an edited one still in progress offers 'Concluir e criar nova'.
 */
export function InteractionForm({
  personCode,
  interaction,
  onSaved,
  onCancel,
  onRestart,
}: {
  personCode: number;
  interaction?: Interaction;
  /** after a save that closes the form */
  onSaved: () => void;
  onCancel: () => void;
  /** after a save that opens a fresh form */
  onRestart: () => void;
}) {
  const session = useSession();
  const me = session?.user;
  const [values, setValues] = useState<InteractionFormValues>(() =>
    interaction ? interactionFormOf(interaction) : newInteraction(me?.code),
  );
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const saveInteraction = useSaveInteraction(personCode);
  const busy = saveInteraction.isPending;
  const validation = useMemo(() => validateInteraction(values, personCode), [values, personCode]);
  const errors = visibleErrors(validation.errors, touched, submitted);
  const knownUsers = [
    ...(me ? [{ code: me.code, name: me.name }] : []),
    ...(interaction?.userResponsible ? [interaction.userResponsible] : []),
  ];

  const set = <K extends keyof InteractionFormValues>(key: K, value: InteractionFormValues[K]) => {
    setTouched((prev) => new Set([...prev, key]));
    setValues((prev) =>
      key === 'beginTime' ? withBeginTime(prev, value as string) : { ...prev, [key]: value },
    );
  };

  const save = async (conclude: boolean, again: boolean) => {
    setSubmitted(true);
    const payload = validateInteraction(values, personCode, conclude).payload;
    if (!payload) return;
    try {
      await saveInteraction.mutateAsync({ code: interaction?.code, body: payload });
      if (again) {
        setValues(newInteraction(me?.code));
        setTouched(new Set());
        setSubmitted(false);
        onRestart();
      } else onSaved();
    } catch {
      // 'Erro ao salvar atividade' shown by the api client
    }
  };

  const inProgress = !interaction || interaction.status === 'IN_PROGRESS';
  return (
    <Form layout="vertical" component="div" requiredMark={false} className="interaction-form">
      <Row gutter={12}>
        <Col span={12}>
          <FormField id="interaction-source" label="Canal">
            <Select
              id="interaction-source"
              aria-label="Canal"
              value={values.source}
              onChange={(v) => set('source', v)}
              options={INTERACTION_CHANNELS.map((c) => ({ value: c, label: INTERACTION_CHANNEL_LABELS[c] }))}
            />
          </FormField>
        </Col>
        <Col span={12}>
          <FormField id="interaction-responsible" label="Responsável" error={errors.responsibleCode} required>
            <UserSelect
              id="interaction-responsible"
              ariaLabel="Responsável"
              value={values.responsibleCode ? [values.responsibleCode] : []}
              known={knownUsers}
              onChange={(codes) => set('responsibleCode', codes[0])}
            />
          </FormField>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={10}>
          <FormField id="interaction-date" label="Dia" error={errors.date} required>
            <DatePicker
              id="interaction-date"
              format="DD/MM/YYYY"
              value={values.date ? dayjs(values.date) : null}
              onChange={(d) => set('date', d ? d.format('YYYY-MM-DD') : '')}
              style={{ width: '100%' }}
            />
          </FormField>
        </Col>
        <Col span={7}>
          <FormField id="interaction-begin" label="Início" error={errors.beginTime} required>
            <TimePicker
              id="interaction-begin"
              format="HH:mm"
              minuteStep={INTERACTION_TIME_STEP_MINUTES}
              defaultOpenValue={OPEN_VALUE}
              needConfirm={false}
              value={asTime(values.beginTime)}
              onChange={(t) => set('beginTime', t ? t.format('HH:mm') : '')}
              style={{ width: '100%' }}
            />
          </FormField>
        </Col>
        <Col span={7}>
          <FormField id="interaction-end" label="Término" error={errors.endTime} required>
            <TimePicker
              id="interaction-end"
              format="HH:mm"
              minuteStep={INTERACTION_TIME_STEP_MINUTES}
              defaultOpenValue={OPEN_VALUE}
              needConfirm={false}
              value={asTime(values.endTime)}
              onChange={(t) => set('endTime', t ? t.format('HH:mm') : '')}
              style={{ width: '100%' }}
            />
          </FormField>
        </Col>
      </Row>
      <FormField id="interaction-description" label="Descrição" error={errors.description} required>
        <Input.TextArea
          id="interaction-description"
          rows={3}
          maxLength={5000}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <FormField id="interaction-done" label={INTERACTION_MESSAGES.isConcluded}>
        <Switch
          id="interaction-done"
          aria-label={INTERACTION_MESSAGES.isConcluded}
          checked={values.isConcluded}
          checkedChildren="Sim"
          unCheckedChildren="Não"
          onChange={(v) => set('isConcluded', v)}
        />
      </FormField>
      <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        {inProgress && (
          <Button disabled={busy} onClick={() => void save(true, true)}>
            {interaction ? INTERACTION_MESSAGES.concludeAndNew : INTERACTION_MESSAGES.createConcludedAndNew}
          </Button>
        )}
        <Button type="primary" loading={busy} onClick={() => void save(false, false)}>
          Salvar
        </Button>
      </Space>
    </Form>
  );
}
