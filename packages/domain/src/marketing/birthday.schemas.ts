import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { emailContentFields } from './shots.schemas.ts';

/**
 * The tenant's birthday e-mail (issue 26, spec 3 §9 'aniversariantes'): sender, subject and body
 * from the shot editor, sent every day at `sendHour` (São Paulo) to the people whose birthday it is,
 * once per person per year. GET/PUT /api/mkt/emails/birthday.
 */
export const BIRTHDAY_TEXTS = {
  saveError: 'Erro ao salvar o e-mail de aniversário',
  sendHour: 'Escolha uma hora de 0 a 23',
  /** the destination shown on each day's shot */
  destination: 'Aniversariantes do dia',
  // the settings screen (web)
  settingsTitle: 'E-mail de aniversário',
  configure: 'Configurar e-mail de aniversário',
  intro:
    'Enviado todos os dias, no horário escolhido, às pessoas que fazem aniversário no dia — uma vez por pessoa a cada ano.',
  active: 'Envio diário ativo',
  hour: 'Horário do envio',
  timeZone: 'Horário de Brasília',
  hourLabel: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  save: 'Salvar',
  saved: 'E-mail de aniversário salvo',
  loadError: 'Não foi possível obter o e-mail de aniversário',
  back: 'Voltar aos aniversariantes',
} as const;

/** PUT emails/birthday: an active setting needs a sender that can send (checked by the server). */
export const BirthdaySettingsSaveSchema = z.strictObject({
  active: z.boolean({ error: MESSAGES.notAllowed }),
  senderCode: z
    .number({ error: MESSAGES.invalidNested })
    .int(MESSAGES.invalidNested)
    .min(1, MESSAGES.invalidNested)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidNested)
    .nullable(),
  ...emailContentFields,
  sendHour: z
    .number({ error: BIRTHDAY_TEXTS.sendHour })
    .int(BIRTHDAY_TEXTS.sendHour)
    .min(0, BIRTHDAY_TEXTS.sendHour)
    .max(23, BIRTHDAY_TEXTS.sendHour),
});
export type BirthdaySettingsSave = z.infer<typeof BirthdaySettingsSaveSchema>;

/** GET emails/birthday (never saved: inactive, empty, 9 h). */
export const BirthdaySettingsSchema = z.object({
  active: z.boolean(),
  senderCode: z.number().nullable(),
  subject: z.string(),
  htmlContent: z.string(),
  jsonContent: z.unknown(),
  sendHour: z.number(),
  updatedAt: z.string().nullable(),
});
export type BirthdaySettings = z.infer<typeof BirthdaySettingsSchema>;
