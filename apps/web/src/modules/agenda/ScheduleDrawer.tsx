import {
  AGENDA_MESSAGES,
  DEFAULT_SCHEDULE_COLOR,
  fieldErrors,
  type Schedule,
  type ScheduleColor,
  ScheduleSaveSchema,
} from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { FormField } from '../people/form/FormField.tsx';
import { notifySuccess } from '../people/notifySuccess.ts';
import { UserSelect } from '../users/UserSelect.tsx';
import { agendaApi } from './agendaApi.ts';
import { ColorPicker } from './ColorPicker.tsx';
import { DrawerFooter } from './DrawerFooter.tsx';

export const DRAWER_WIDTH = 450;

interface Values {
  name: string;
  color: ScheduleColor;
  guests: string[];
}

/** Agenda drawer (spec 2 §2): Nome, Convidados, colour picker, Remover and Salvar. */
export function ScheduleDrawer({
  code,
  onClose,
  onChanged,
}: {
  code?: number;
  onClose: () => void;
  /** after a save or a removal */
  onChanged: () => void;
}) {
  const mobile = useIsMobile();
  const editing = code !== undefined;
  const loaded = useQuery({
    queryKey: ['schedules', 'one', code],
    queryFn: ({ signal }) => agendaApi.schedule(code as number, signal),
    enabled: editing,
    gcTime: 0,
    staleTime: 0,
  });
  const schedule: Schedule | undefined = loaded.data;
  const [values, setValues] = useState<Values>({ name: '', color: DEFAULT_SCHEDULE_COLOR, guests: [] });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (schedule)
      setValues({
        name: schedule.name,
        color: schedule.color,
        guests: schedule.invitedPeople.map((g) => g.code),
      });
  }, [schedule]);

  const parsed = ScheduleSaveSchema.safeParse({
    name: values.name,
    color: values.color,
    invitedPeopleCodes: values.guests,
  });
  const nameError = touched && !parsed.success ? fieldErrors(parsed.error.issues).name?.[0] : undefined;
  const readOnly = editing && schedule !== undefined && !schedule.isOwner;
  const loading = editing && !schedule;

  const save = async () => {
    setTouched(true);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const body = { name: parsed.data.name, color: parsed.data.color, invitedPeopleCodes: values.guests };
      if (editing) await agendaApi.updateSchedule(code, body);
      else await agendaApi.createSchedule(body);
      notifySuccess(AGENDA_MESSAGES.saved);
      onChanged();
      onClose();
    } catch {
      // the api client showed 'Ocorreu algun erro ao salvar calendario'
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!editing) return;
    setBusy(true);
    try {
      await agendaApi.removeSchedule(code);
      onChanged();
      onClose();
    } catch {
      // 'Não foi removar a agenda'
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open
      title="Agenda"
      size={mobile ? '100%' : DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      footer={
        <DrawerFooter
          removeConfirm={editing && schedule?.isOwner ? AGENDA_MESSAGES.confirmRemoveSchedule : undefined}
          onRemove={() => void remove()}
          onCancel={onClose}
          onSave={() => void save()}
          busy={busy}
          saveDisabled={loading || readOnly}
        />
      }
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" component="div" requiredMark={false}>
          <FormField id="schedule-name" label="Nome" error={nameError} required>
            <Input
              id="schedule-name"
              value={values.name}
              maxLength={80}
              disabled={readOnly}
              onChange={(e) => {
                setTouched(true);
                setValues((v) => ({ ...v, name: e.target.value }));
              }}
            />
          </FormField>
          <FormField id="schedule-guests" label="Convidados">
            <UserSelect
              id="schedule-guests"
              ariaLabel="Convidados"
              multiple
              value={values.guests}
              known={schedule?.invitedPeople}
              disabled={readOnly}
              onChange={(guests) => setValues((v) => ({ ...v, guests }))}
            />
          </FormField>
          <FormField id="schedule-color" label="Cor">
            <ColorPicker
              value={values.color}
              disabled={readOnly}
              onChange={(color) => setValues((v) => ({ ...v, color }))}
            />
          </FormField>
        </Form>
      )}
    </Drawer>
  );
}
