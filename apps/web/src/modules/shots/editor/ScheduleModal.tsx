import { SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { useCallback } from 'react';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../../platform/ui/form/MaskedInput.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { formatHour, type ScheduleValues, scheduleOf } from './emailShotForm.ts';

const T = SHOT_EDITOR_TEXTS;

/**
 * The schedule form (spec 3 §2.1, §5): date and hour, both required, São Paulo time; every field is
 * validated before `onSubmit` gets the API's 'AAAA-MM-DD HH:mm'.
 */
export function ScheduleModal({
  onSubmit,
  onCancel,
}: {
  onSubmit: (scheduleDate: string) => void;
  onCancel: () => void;
}) {
  const validate = useCallback((values: ScheduleValues) => scheduleOf(values, new Date()), []);
  const form = useValidatedForm<ScheduleValues, { scheduleDate: string }>({ date: '', hour: '' }, validate);

  const submit = () => {
    form.touch('date');
    form.touch('hour');
    // validated now, not with the values of the last render: the clock moved on
    const result = scheduleOf(form.values, new Date());
    if (result.payload) onSubmit(result.payload.scheduleDate);
    else form.setServerErrors(result.errors);
  };

  return (
    <Modal
      open
      title={T.scheduleTitle}
      okText={T.continue}
      cancelText={T.cancel}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" requiredMark>
        <FormField id="shot-schedule-date" label={SHOT_TEXTS.scheduleDate} error={form.errors.date} required>
          <MaskedInput
            id="shot-schedule-date"
            mask="date"
            autoFocus
            placeholder={T.datePlaceholder}
            value={form.values.date}
            onChange={(v) => form.set('date', v)}
            onPressEnter={submit}
          />
        </FormField>
        <FormField id="shot-schedule-hour" label={SHOT_TEXTS.scheduleHour} error={form.errors.hour} required>
          <Input
            id="shot-schedule-hour"
            inputMode="numeric"
            maxLength={5}
            placeholder={T.hourPlaceholder}
            value={form.values.hour}
            onChange={(e) => form.set('hour', formatHour(e.target.value))}
            onPressEnter={submit}
          />
        </FormField>
      </Form>
      <Typography.Text type="secondary">{T.scheduleHint}</Typography.Text>
    </Modal>
  );
}
