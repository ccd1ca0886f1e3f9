import { AGENDA_MESSAGES, type AgendaEvent, type Schedule } from '@mandato/domain';
import { Alert, Drawer, Form, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { visibleErrors } from '../../platform/ui/form/formErrors.ts';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { DrawerFooter } from './DrawerFooter.tsx';
import { EventFields } from './EventFields.tsx';
import { type EventFormValues, eventFormOf, validateEvent } from './eventForm.ts';
import { useEvent } from './hooks/useAgenda.ts';
import { useRemoveEvent, useSaveEvent } from './hooks/useAgendaMutations.ts';
import { DRAWER_WIDTH, ScheduleDrawer } from './ScheduleDrawer.tsx';

/**
 * Event drawer 'Evento' (spec 2 §2, §4, §5): new (all-day by default or from a clicked slot) or
 * edited. With no agenda to choose, it offers 'Nova Agenda': the agenda drawer opens over it and
 * the saved agenda is selected.
 */
export function EventDrawer({
  code,
  initial,
  schedules,
  schedulesLoading = false,
  defaultScheduleCode,
  onClose,
}: {
  code?: number;
  /** the values of a new event */
  initial: EventFormValues;
  schedules: Schedule[];
  /** while the list of agendas loads, an empty list does not mean there is none */
  schedulesLoading?: boolean;
  /** the agenda a new event starts in (suggestedSchedule), also when the list arrives after opening */
  defaultScheduleCode?: number;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const editing = code !== undefined;
  const loaded = useEvent(code);
  const saveEvent = useSaveEvent();
  const removeEvent = useRemoveEvent();
  const busy = saveEvent.isPending || removeEvent.isPending;
  const event: AgendaEvent | undefined = loaded.data;
  const [values, setValues] = useState<EventFormValues>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [creatingSchedule, setCreatingSchedule] = useState(false);
  /** the agenda created from this drawer, shown until the reloaded list has it */
  const [created, setCreated] = useState<Schedule | null>(null);

  useEffect(() => {
    if (event) setValues(eventFormOf(event));
  }, [event]);

  useEffect(() => {
    if (editing || defaultScheduleCode === undefined) return;
    setValues((prev) =>
      prev.scheduleCode === undefined ? { ...prev, scheduleCode: defaultScheduleCode } : prev,
    );
  }, [editing, defaultScheduleCode]);

  const validation = useMemo(() => validateEvent(values), [values]);
  const errors = {
    ...visibleErrors(validation.errors, touched, submitted),
    ...visibleErrors(serverErrors, touched, true),
  };
  const readOnly = event !== undefined && !event.canEdit;
  const loading = editing && !event;

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => {
    setTouched((prev) => new Set([...prev, key]));
    setServerErrors({});
    setValues((prev) => {
      const next = { ...prev, [key]: value };
      // the end never starts before the beginning
      if (key === 'beginDate' && next.endDate < next.beginDate) next.endDate = next.beginDate;
      return next;
    });
  };

  const save = async () => {
    setSubmitted(true);
    const payload = validation.payload;
    if (!payload) return;
    try {
      await saveEvent.mutateAsync({ code, body: payload });
      onClose();
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await removeEvent.mutateAsync(code);
      onClose();
    } catch {
      // 'Não foi possível remover o evento'
    }
  };

  const known =
    created && !schedules.some((s) => s.code === created.code) ? [...schedules, created] : schedules;
  const options =
    event && !known.some((s) => s.code === event.schedule.code)
      ? [...known, { ...event.schedule } as unknown as Schedule]
      : known;
  const noSchedule = !editing && !schedulesLoading && options.length === 0;

  return (
    <Drawer
      open
      title="Evento"
      size={mobile ? '100%' : DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      footer={
        <DrawerFooter
          removeConfirm={editing && event?.canEdit ? AGENDA_MESSAGES.confirmRemoveEvent : undefined}
          onRemove={() => void remove()}
          onCancel={onClose}
          onSave={() => void save()}
          busy={busy}
          saveDisabled={loading || readOnly}
        />
      }
    >
      {loaded.isError ? (
        <Alert type="error" showIcon title={AGENDA_MESSAGES.loadError} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form layout="vertical" component="div" requiredMark={false}>
          <EventFields
            values={values}
            errors={errors}
            schedules={options}
            knownGuests={event?.invitedPeople}
            readOnly={readOnly}
            onNewSchedule={noSchedule ? () => setCreatingSchedule(true) : undefined}
            set={set}
          />
        </Form>
      )}
      {creatingSchedule && (
        <ScheduleDrawer
          onClose={() => setCreatingSchedule(false)}
          onSaved={(schedule) => {
            setCreated(schedule);
            set('scheduleCode', schedule.code);
          }}
        />
      )}
    </Drawer>
  );
}
