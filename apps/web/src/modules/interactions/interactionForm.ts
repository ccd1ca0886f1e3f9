import {
  DEFAULT_INTERACTION_CHANNEL,
  fieldErrors,
  INTERACTION_DEFAULT_MINUTES,
  INTERACTION_TIME_STEP_MINUTES,
  type Interaction,
  type InteractionChannel,
  type InteractionSaveInput,
  InteractionSaveSchema,
  type InteractionStatus,
} from '@mandato/domain';
import { hourOf, minutesOf, splitWallClock, wallClock } from '../../platform/ui/wallClock.ts';

/** The interaction form (spec 2 §3 form fields): day 'YYYY-MM-DD', times 'HH:mm'. */
export interface InteractionFormValues {
  source: InteractionChannel;
  responsibleCode?: string;
  date: string;
  beginTime: string;
  endTime: string;
  description: string;
  isConcluded: boolean;
  /** the stored status of an edited interaction (a CANCELED one stays so unless concluded) */
  status?: InteractionStatus;
}

/** End = start + 5 minutes (spec 2 §5, §9), within the same day. */
export function defaultEnd(beginTime: string): string {
  return hourOf(minutesOf(beginTime) + INTERACTION_DEFAULT_MINUTES);
}

/** Now on the 5-minute grid of the time picker ('HH:mm' floored to the step). */
export function startNow(now: Date): { date: string; time: string } {
  const { date, hour } = splitWallClock(wallClock(now));
  const minutes = minutesOf(hour);
  return { date, time: hourOf(minutes - (minutes % INTERACTION_TIME_STEP_MINUTES)) };
}

/** Defaults of a new interaction: WhatsApp, the current user, today, now, end +5 min. */
export function newInteraction(responsibleCode: string | undefined, now = new Date()): InteractionFormValues {
  const start = startNow(now);
  return {
    source: DEFAULT_INTERACTION_CHANNEL,
    responsibleCode,
    date: start.date,
    beginTime: start.time,
    endTime: defaultEnd(start.time),
    description: '',
    isConcluded: false,
  };
}

/** Changing the start resets the end to start + 5 minutes (spec 2 §5). */
export function withBeginTime(values: InteractionFormValues, beginTime: string): InteractionFormValues {
  return { ...values, beginTime, endTime: defaultEnd(beginTime) };
}

export function interactionFormOf(interaction: Interaction): InteractionFormValues {
  const begin = splitWallClock(wallClock(interaction.beginDate));
  const end = splitWallClock(wallClock(interaction.endDate));
  return {
    source: interaction.source,
    responsibleCode: interaction.userResponsible?.code,
    date: begin.date,
    beginTime: begin.hour,
    endTime: end.hour,
    description: interaction.description,
    isConcluded: interaction.status === 'CONCLUDED',
    status: interaction.status,
  };
}

export interface InteractionValidation {
  payload?: InteractionSaveInput;
  errors: Record<string, string[]>;
}

/**
 * The save payload with the shared rules (responsible, day and description required; end ≥
 * start). `conclude` forces CONCLUDED ('Concluir e criar nova', 'Criar como concluída…').
 */
export function validateInteraction(
  values: InteractionFormValues,
  personCode: number,
  conclude = false,
): InteractionValidation {
  const status: InteractionStatus =
    conclude || values.isConcluded ? 'CONCLUDED' : values.status === 'CANCELED' ? 'CANCELED' : 'IN_PROGRESS';
  const input: InteractionSaveInput = {
    type: 'CONTACT',
    source: values.source,
    description: values.description,
    beginDate: values.date && values.beginTime ? `${values.date} ${values.beginTime}` : '',
    endDate: values.date && values.endTime ? `${values.date} ${values.endTime}` : '',
    // missing → 'Campo Obrigatório'
    userResponsibleCode: values.responsibleCode as string,
    status,
    personCode,
  };
  const parsed = InteractionSaveSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    // the form shows the day and times as 'date'; the responsible as 'responsibleCode'
    const renamed: Record<string, string[]> = {};
    for (const [key, list] of Object.entries(errors)) {
      const field =
        key === 'userResponsibleCode'
          ? 'responsibleCode'
          : key === 'beginDate'
            ? values.date
              ? 'beginTime'
              : 'date'
            : key === 'endDate'
              ? 'endTime'
              : key;
      renamed[field] = list;
    }
    return { errors: renamed };
  }
  return { payload: input, errors: {} };
}
