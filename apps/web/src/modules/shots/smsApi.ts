import {
  SHOT_TEXTS,
  type Shot,
  type ShotSchedule,
  SMS_TEXTS,
  type SmsListInfo,
  type SmsSettings,
  type SmsSettingsAnswer,
  type SmsShotSave,
} from '@mandato/domain';
import { mkt } from '../marketing/mktClient.ts';

/** The SMS editor's and the SMS settings' calls (spec 3 §7.1, issue 27). */

/** GET /api/mkt/sms/campaign/{code}; a 404 is silent (the screen shows 'Conteúdo não encontrado'). */
export const getSmsShot = (code: string, signal?: AbortSignal) =>
  mkt.get<Shot>(`/mkt/sms/campaign/${encodeURIComponent(code)}`, undefined, {
    signal,
    errorText: SMS_TEXTS.notFound,
  });

/** POST /api/mkt/sms/campaign (new draft) or PUT /api/mkt/sms/campaign/{code}. Errors go to the form. */
export const saveSmsShot = (body: SmsShotSave, code?: number) =>
  mkt.request<Shot>({
    method: code ? 'PUT' : 'POST',
    path: code ? `/mkt/sms/campaign/${code}` : '/mkt/sms/campaign',
    params: body,
    errorText: SMS_TEXTS.saveError,
    debounceMs: 0,
  });

/** POST /api/mkt/sms/campaign/schedule/{code} {scheduleDate: 'AAAA-MM-DD HH:mm'} (São Paulo). */
export const scheduleSmsShot = (code: number, body: ShotSchedule) =>
  mkt.post<Shot>(`/mkt/sms/campaign/schedule/${code}`, body, {
    errorText: SHOT_TEXTS.scheduleError,
    debounceMs: 0,
  });

/** POST /api/mkt/sms/campaign/send/{code}: send now. */
export const sendSmsShotNow = (code: number) =>
  mkt.post<Shot>(`/mkt/sms/campaign/send/${code}`, undefined, {
    errorText: SHOT_TEXTS.actionError,
    debounceMs: 0,
  });

/** GET /api/mkt/sms/list-info?segmentCode=N: the list's people an SMS reaches, its longest merge values, a sample. */
export const getSmsListInfo = (segmentCode: number, signal?: AbortSignal) =>
  mkt.get<SmsListInfo>('/mkt/sms/list-info', { segmentCode }, { signal, errorText: SHOT_TEXTS.totalError });

/** GET /api/mkt/sms/settings (identification null until saved). */
export const getSmsSettings = (signal?: AbortSignal) =>
  mkt.get<SmsSettingsAnswer>('/mkt/sms/settings', undefined, {
    signal,
    errorText: SMS_TEXTS.settingsLoadError,
  });

/** PUT /api/mkt/sms/settings. Field errors go to the form. */
export const saveSmsSettings = (body: SmsSettings) =>
  mkt.request<SmsSettingsAnswer>({
    method: 'PUT',
    path: '/mkt/sms/settings',
    params: body,
    errorText: SMS_TEXTS.settingsSaveError,
    debounceMs: 0,
  });
