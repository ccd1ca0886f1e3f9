import {
  AGENDA_MESSAGES,
  DEFAULT_SCHEDULE_COLOR,
  fieldErrors,
  type Schedule,
  type ScheduleColor,
  ScheduleSaveSchema,
} from '@mandato/domain';
import { Drawer, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { UserSelect } from '../users/UserSelect.tsx';
import { ColorPicker } from './ColorPicker.tsx';
import { DrawerFooter } from './DrawerFooter.tsx';
import { useSchedule } from './hooks/useAgenda.ts';
import { useRemoveSchedule, useSaveSchedule } from './hooks/useAgendaMutations.ts';

export const DRAWER_WIDTH = 450;

interface Values {
  name: string;
  color: ScheduleColor;
  guests: string[];
}

/**
 * Agenda drawer (spec 2 §2): Nome, Convidados, colour picker, Remover and Salvar. `onSaved` hears
 * the saved schedule before the drawer closes (the event drawer selects a new agenda with it).
 */
export function ScheduleDrawer({
  code,
  onClose,
  onSaved,
}: {
  code?: number;
  onClose: () => void;
  onSaved?: (schedule: Schedule) => void;
}) {
  const mobile = useIsMobile();
  const editing = code !== undefined;
  const loaded = useSchedule(code);
  const saveSchedule = useSaveSchedule();
  const removeSchedule = useRemoveSchedule();
  const busy = saveSchedule.isPending || removeSchedule.isPending;
  const schedule: Schedule | undefined = loaded.data;
  const [values, setValues] = useState<Values>({ name: '', color: DEFAULT_SCHEDULE_COLOR, guests: [] });
  const [touched, setTouched] = useState(false);

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
    try {
      const body = { name: parsed.data.name, color: parsed.data.color, invitedPeopleCodes: values.guests };
      const saved = await saveSchedule.mutateAsync({ code, body });
      onSaved?.(saved);
      onClose();
    } catch {
      // the api client showed 'Ocorreu algum erro ao salvar calendario'
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await removeSchedule.mutateAsync(code);
      onClose();
    } catch {
      // 'Não foi removar a agenda'
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
