import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { addDays, parseDateTime, startOfZonedDay } from '../common/zoned-time.ts';
import { optionalText } from '../crm/person.schemas.ts';

/** Schedule colours (spec 2 §3): name → hex without '#'. A new schedule is BLUE. */
export const SCHEDULE_COLORS = {
  RED: 'f44336',
  PINK: 'e91e63',
  PURPLE: '9c27b0',
  DARK_PURPLE: '673ab7',
  DARK_BLUE: '3f51b5',
  BLUE: '2196f3',
  LIGHT_BLUE: '03a9f4',
  GREEN_BLUE: '00bcd4',
  GREEN_GRAY: '009688',
  GREEN: '4caf50',
  LIGHT_GREEN: '8bc34a',
  GREEN_YELLOW: 'cddc39',
  YELLOW: 'ffeb3b',
  DARK_YELLOW: 'ffc107',
  ORANGE: 'ff9800',
  DARK_ORANGE: 'ff5722',
  BROWN: '795548',
  GRAY: '607d8b',
} as const;
export type ScheduleColor = keyof typeof SCHEDULE_COLORS;
export const SCHEDULE_COLOR_NAMES = Object.keys(SCHEDULE_COLORS) as [ScheduleColor, ...ScheduleColor[]];
export const DEFAULT_SCHEDULE_COLOR: ScheduleColor = 'BLUE';
export const ScheduleColorSchema = z.enum(SCHEDULE_COLOR_NAMES, { error: MESSAGES.notAllowed });

/** Texts of spec 2 §5 and §8 "Agenda". */
export const AGENDA_MESSAGES = {
  hoursRequired: 'Informe o horário de início e término',
  endBeforeBegin: 'O término deve ser igual ou posterior ao início',
  invalidDate: 'Data inválida',
  invalidHour: 'Horário inválido (HH:MM)',
  loadError: 'Erro obter agenda para atualizacao',
  saveError: 'Ocorreu algum erro ao salvar calendario',
  saved: 'Agenda salva com sucesso',
  removeScheduleError: 'Não foi removar a agenda',
  removeEventError: 'Não foi possível remover o evento',
  listError: 'Não foi possível obter a lista de envios',
  confirmRemoveSchedule: 'Você tem certeza que deseja remover essa agenda e todos os seus eventos?',
  confirmRemoveEvent: 'Você tem certeza que deseja remover esse evento?',
  scheduleNotFound: 'Agenda não encontrada',
  eventNotFound: 'Evento não encontrado',
  onlyOwner: 'Somente o dono da agenda pode alterá-la',
  cannotChangeEvent: 'Somente o dono da agenda ou o responsável pelo evento pode alterá-lo',
  guestNotUser: 'Convidado não é um usuário desta conta',
  /** the longest range GET /events answers at once */
  rangeTooLong: 'Informe um intervalo de no máximo 366 dias',
  eventSaved: 'Evento salvo com sucesso',
  /** the event drawer when the user has no agenda to choose: 'Nova Agenda' creates one right there */
  noSchedule: 'Nenhuma agenda disponível. Crie uma agenda para salvar o evento.',
  newSchedule: 'Nova Agenda',
  /** on a phone the month mini calendar waits behind this button, so the events come first */
  pickDate: 'Escolher data',
} as const;

/** Calendar constants of spec 2 §9. */
export const AGENDA_TITLE_MAX_CHARS_IN_CALENDAR = 10;
export const AGENDA_SLOT_MINUTES = 30;
export const AGENDA_NEW_EVENT_MINUTES = 60;
export const AGENDA_MAX_RANGE_DAYS = 366;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user's code (session user code): guests and responsibles are users. */
export const UserCodeSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? MESSAGES.required : 'Código de usuário inválido'),
  })
  .trim()
  .regex(UUID, 'Código de usuário inválido')
  .transform((v) => v.toLowerCase());

/** Guests: user codes, duplicates dropped. */
export const UserCodesSchema = z
  .array(UserCodeSchema, { error: 'Deve ser uma lista de códigos de usuário' })
  .max(200, 'No máximo 200 convidados')
  .optional()
  .nullable()
  .transform((v) => [...new Set(v ?? [])]);

/** A record code: a positive integer (a numeric string is accepted); missing → 'Campo Obrigatório'. */
const positiveCode = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({
      error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.integer),
    })
    .int(MESSAGES.integer)
    .positive(MESSAGES.integer)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.integer),
);

/** POST /schedules and PUT /schedules/{id} (spec 2 §3 "Schedule"). */
export const ScheduleSaveSchema = z.strictObject({
  name: textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(80, 'Máximo de 80 caracteres'),
  color: ScheduleColorSchema.optional()
    .nullable()
    .transform((v) => v ?? DEFAULT_SCHEDULE_COLOR),
  invitedPeopleCodes: UserCodesSchema,
});
export type ScheduleSave = z.output<typeof ScheduleSaveSchema>;

const dateTimeText = textSchema({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(40);

/**
 * POST /events and PUT /events/{id} (spec 2 §3 "Event", §5). beginDate/endDate:
 * - all-day (entireDay true, the default): 'YYYY-MM-DD', first and last day (inclusive); a time
 *   part, if sent, is ignored;
 * - timed: 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DDTHH:mm[:ss]' in America/Sao_Paulo (or with an offset);
 *   without the time: 'Informe o horário de início e término'.
 * responsibleCode is accepted and ignored: the responsible is the logged-in user (spec 2 §6).
 * Output adds beginAt/endAt (ISO instants; all-day: midnight of the first day to midnight after
 * the last) and beginDay/endDay for all-day events.
 */
export const EventSaveSchema = z
  .strictObject({
    title: textSchema({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(200, 'Máximo de 200 caracteres'),
    beginDate: dateTimeText,
    endDate: dateTimeText,
    entireDay: z
      .boolean({ error: MESSAGES.invalidNested })
      .optional()
      .nullable()
      .transform((v) => v ?? true),
    location: optionalText(300),
    description: optionalText(5000),
    scheduleCode: positiveCode,
    responsibleCode: z.unknown().optional(),
    invitedPeopleCodes: UserCodesSchema,
  })
  .transform((body, ctx) => {
    const begin = parseDateTime(body.beginDate);
    const end = parseDateTime(body.endDate);
    if (!begin) ctx.addIssue({ code: 'custom', path: ['beginDate'], message: AGENDA_MESSAGES.invalidDate });
    if (!end) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.invalidDate });
    if (!begin || !end) return z.NEVER;
    const { responsibleCode: _ignored, ...rest } = body;
    if (body.entireDay) {
      if (end.date < begin.date) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.endBeforeBegin });
        return z.NEVER;
      }
      return {
        ...rest,
        beginDay: begin.date,
        endDay: end.date,
        beginAt: startOfZonedDay(begin.date).toISOString(),
        endAt: startOfZonedDay(addDays(end.date, 1)).toISOString(),
      };
    }
    if (!begin.hasTime || !end.hasTime) {
      for (const [path, parsed] of [
        ['beginDate', begin],
        ['endDate', end],
      ] as const) {
        if (!parsed.hasTime)
          ctx.addIssue({ code: 'custom', path: [path], message: AGENDA_MESSAGES.hoursRequired });
      }
      return z.NEVER;
    }
    if (end.instant < begin.instant) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.endBeforeBegin });
      return z.NEVER;
    }
    return {
      ...rest,
      beginDay: null,
      endDay: null,
      beginAt: begin.instant.toISOString(),
      endAt: end.instant.toISOString(),
    };
  });
export type EventSaveInput = z.input<typeof EventSaveSchema>;
export type EventSave = z.output<typeof EventSaveSchema>;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The event drawer 'Evento' (spec 2 §3 form fields, §5): dates 'YYYY-MM-DD', hours 'HH:MM'
 * required unless all-day. `eventFormToPayload` turns it into the body of POST/PUT /events.
 */
export const EventFormSchema = z
  .object({
    title: textSchema({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200),
    beginDate: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    endDate: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    entireDay: z.boolean().default(true),
    beginHour: z.string().optional().nullable(),
    endHour: z.string().optional().nullable(),
    location: textSchema().max(300).optional().nullable(),
    description: textSchema().max(5000).optional().nullable(),
    scheduleCode: positiveCode,
    guests: z.array(z.string()).optional().nullable(),
  })
  .superRefine((form, ctx) => {
    if (form.entireDay) return;
    for (const key of ['beginHour', 'endHour'] as const) {
      const value = form[key];
      if (!value) ctx.addIssue({ code: 'custom', path: [key], message: AGENDA_MESSAGES.hoursRequired });
      else if (!HOUR.test(value))
        ctx.addIssue({ code: 'custom', path: [key], message: AGENDA_MESSAGES.invalidHour });
    }
  });
export type EventForm = z.input<typeof EventFormSchema>;

export function eventFormToPayload(form: z.output<typeof EventFormSchema>): EventSaveInput {
  const day = (v: string) => v.slice(0, 10);
  return {
    title: form.title,
    entireDay: form.entireDay,
    beginDate: form.entireDay ? day(form.beginDate) : `${day(form.beginDate)} ${form.beginHour}`,
    endDate: form.entireDay ? day(form.endDate) : `${day(form.endDate)} ${form.endHour}`,
    location: form.location || undefined,
    description: form.description || undefined,
    scheduleCode: form.scheduleCode,
    invitedPeopleCodes: form.guests ?? [],
  };
}

/** GET /events: the range shown by the calendar ('YYYY-MM-DD' or date-time; end inclusive day). */
export const EventRangeQuerySchema = z
  .object({
    beginDate: dateTimeText,
    endDate: dateTimeText,
  })
  .transform((q, ctx) => {
    const begin = parseDateTime(q.beginDate);
    const end = parseDateTime(q.endDate);
    if (!begin) ctx.addIssue({ code: 'custom', path: ['beginDate'], message: AGENDA_MESSAGES.invalidDate });
    if (!end) ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.invalidDate });
    if (!begin || !end) return z.NEVER;
    // a bare end date covers that whole day
    const endAt = end.hasTime ? end.instant : startOfZonedDay(addDays(end.date, 1));
    if (endAt < begin.instant) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.endBeforeBegin });
      return z.NEVER;
    }
    if (endAt.getTime() - begin.instant.getTime() > AGENDA_MAX_RANGE_DAYS * 86_400_000 + 3_600_000) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.rangeTooLong });
      return z.NEVER;
    }
    return { beginAt: begin.instant.toISOString(), endAt: endAt.toISOString() };
  });

export const ScheduleGuestSchema = z.object({
  /** the user's code */
  code: z.string(),
  name: z.string(),
});
export type ScheduleGuest = z.infer<typeof ScheduleGuestSchema>;

/** A schedule as the API answers it. */
export const ScheduleSchema = z
  .object({
    code: z.number(),
    name: z.string(),
    color: ScheduleColorSchema,
    /** hex of the colour, with '#' */
    colorHex: z.string(),
    owner: ScheduleGuestSchema,
    /** true when the caller owns it (may change, remove it and regenerate its subscription URL) */
    isOwner: z.boolean(),
    invitedPeople: z.array(ScheduleGuestSchema),
    subscribeURL: z.string(),
    createDate: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof ScheduleSchema>;

/** An event as the API answers it. */
export const AgendaEventSchema = z
  .object({
    code: z.number(),
    title: z.string(),
    /** all-day: 'YYYY-MM-DD' (first day); timed: ISO with offset */
    beginDate: z.string(),
    /** all-day: 'YYYY-MM-DD' (last day, inclusive); timed: ISO with offset */
    endDate: z.string(),
    entireDay: z.boolean(),
    location: z.string().nullable(),
    description: z.string().nullable(),
    schedule: z.object({
      code: z.number(),
      name: z.string(),
      color: ScheduleColorSchema,
      colorHex: z.string(),
    }),
    invitedPeople: z.array(ScheduleGuestSchema),
    responsibleCode: z.string().nullable(),
    responsible: ScheduleGuestSchema.nullable(),
    /** whether the caller may change or remove it */
    canEdit: z.boolean(),
    revision: z.number(),
    createDate: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'AgendaEvent' });
export type AgendaEvent = z.infer<typeof AgendaEventSchema>;

/** DELETE /schedules/{id}: the schedule and how many events went with it. */
export const ScheduleRemovedSchema = z.object({ code: z.number(), removedEvents: z.number() });
