import { SHOT_LIST_VIEWS, type ShotListView, type ShotType } from '@mandato/domain';

/** The /marketing sub-routes (spec 3 §2.1), below `base` = '/{slug}/marketing'. */
export const SHOT_SEGMENTS = {
  lists: 'disparos',
  editor: 'novo-envio',
  details: 'detalhes-envio',
  outbox: 'caixa-de-saida',
  birthdaySettings: 'aniversariantes/configurar',
  smsSettings: 'disparos/sms/configuracoes',
} as const;

/** The list routes' channel segment. */
export const SHOT_CHANNELS = { email: 'EMAIL', sms: 'SMS' } as const satisfies Record<string, ShotType>;
export type ShotChannel = keyof typeof SHOT_CHANNELS;

export const isShotChannel = (v: string | undefined): v is ShotChannel =>
  v !== undefined && Object.hasOwn(SHOT_CHANNELS, v);
export const isShotListView = (v: string | undefined): v is ShotListView =>
  v !== undefined && Object.hasOwn(SHOT_LIST_VIEWS, v);
export const isShotType = (v: string | undefined): v is ShotType => v === 'EMAIL' || v === 'SMS';

export const listPath = (base: string, channel: ShotChannel, view: ShotListView) =>
  `${base}/${SHOT_SEGMENTS.lists}/${channel}/${view}`;
export const editorPath = (base: string, type: ShotType, code?: number) =>
  `${base}/${SHOT_SEGMENTS.editor}/${type}${code === undefined ? '' : `/${code}`}`;
export const detailsPath = (base: string, type: ShotType, code: number | string) =>
  `${base}/${SHOT_SEGMENTS.details}/${type}/${code}`;
export const outboxPath = (base: string) => `${base}/${SHOT_SEGMENTS.outbox}`;
export const birthdaySettingsPath = (base: string) => `${base}/${SHOT_SEGMENTS.birthdaySettings}`;
export const smsSettingsPath = (base: string) => `${base}/${SHOT_SEGMENTS.smsSettings}`;
