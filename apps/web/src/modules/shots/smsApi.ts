import {
  SHOT_TEXTS,
  type ShotSchedule,
  SMS_TEXTS,
  type SmsSettings,
  type SmsShotSave,
} from '@mandato/domain';
import { mktApi } from '../marketing/mktClient.ts';

/** The SMS editor's and the SMS settings' calls (spec 3 §7.1, issue 27). */

/** GET /api/mkt/sms/campaign/{code}; a 404 is silent (the screen shows 'Conteúdo não encontrado'). */
export const getSmsShot = (code: string, signal?: AbortSignal) =>
  mktApi.get('/mkt/sms/campaign/{id}', { path: { id: code }, signal, errorText: SMS_TEXTS.notFound });

const savingSms = { errorText: SMS_TEXTS.saveError, debounceMs: 0 };

/** POST /api/mkt/sms/campaign (new draft) or PUT /api/mkt/sms/campaign/{code}. Errors go to the form. */
export const saveSmsShot = (body: SmsShotSave, code?: number) =>
  code
    ? mktApi.put('/mkt/sms/campaign/{id}', { path: { id: code }, body, ...savingSms })
    : mktApi.post('/mkt/sms/campaign', { body, ...savingSms });

/** POST /api/mkt/sms/campaign/schedule/{code} {scheduleDate: 'AAAA-MM-DD HH:mm'} (São Paulo). */
export const scheduleSmsShot = (code: number, body: ShotSchedule) =>
  mktApi.post('/mkt/sms/campaign/schedule/{id}', {
    path: { id: code },
    body,
    errorText: SHOT_TEXTS.scheduleError,
    debounceMs: 0,
  });

/** POST /api/mkt/sms/campaign/send/{code}: send now. */
export const sendSmsShotNow = (code: number) =>
  mktApi.post('/mkt/sms/campaign/send/{id}', {
    path: { id: code },
    errorText: SHOT_TEXTS.actionError,
    debounceMs: 0,
  });

/** GET /api/mkt/sms/list-info?segmentCode=N: the list's people an SMS reaches, its longest merge values, a sample. */
export const getSmsListInfo = (segmentCode: number, signal?: AbortSignal) =>
  mktApi.get('/mkt/sms/list-info', { query: { segmentCode }, signal, errorText: SHOT_TEXTS.totalError });

/** GET /api/mkt/sms/settings (identification null until saved). */
export const getSmsSettings = (signal?: AbortSignal) =>
  mktApi.get('/mkt/sms/settings', { signal, errorText: SMS_TEXTS.settingsLoadError });

/** PUT /api/mkt/sms/settings. Field errors go to the form. */
export const saveSmsSettings = (body: SmsSettings) =>
  mktApi.put('/mkt/sms/settings', { body, errorText: SMS_TEXTS.settingsSaveError, debounceMs: 0 });
