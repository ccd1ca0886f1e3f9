import { type EmailShotSave, SHOT_TEXTS, type ShotSchedule } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { mktApi } from '../marketing/mktClient.ts';

/** A saved list as GET /segments/names answers it. */
export interface ShotSegment {
  code: number;
  name: string;
  type: string;
  special: boolean;
}

/** The e-mail shot editor's calls (spec 3 §7.1, issue 26). */

/** GET /api/mkt/emails/campaign/{code}; a 404 is silent (the screen shows 'Conteúdo não encontrado'). */
export const getEmailShot = (code: string, signal?: AbortSignal) =>
  mktApi.get('/mkt/emails/campaign/{id}', {
    path: { id: code },
    signal,
    errorText: SHOT_TEXTS.emailLoadError,
  });

const savingEmail = { errorText: SHOT_TEXTS.emailSaveError, debounceMs: 0 };

/** POST /api/mkt/emails/campaign (new draft) or PUT /api/mkt/emails/campaign/{code}. Errors go to the form. */
export const saveEmailShot = (body: EmailShotSave, code?: number) =>
  code
    ? mktApi.put('/mkt/emails/campaign/{id}', { path: { id: code }, body, ...savingEmail })
    : mktApi.post('/mkt/emails/campaign', { body, ...savingEmail });

/** POST /api/mkt/emails/campaign/schedule/{code} {scheduleDate: 'AAAA-MM-DD HH:mm'} (São Paulo). */
export const scheduleEmailShot = (code: number, body: ShotSchedule) =>
  mktApi.post('/mkt/emails/campaign/schedule/{id}', {
    path: { id: code },
    body,
    errorText: SHOT_TEXTS.scheduleError,
    debounceMs: 0,
  });

/** POST /api/mkt/emails/campaign/send/{code}: send now. */
export const sendEmailShotNow = (code: number) =>
  mktApi.post('/mkt/emails/campaign/send/{id}', {
    path: { id: code },
    errorText: SHOT_TEXTS.actionError,
    debounceMs: 0,
  });

/**
 * GET /api/segments/names?types=PERSON,TEAM: the lists a shot can go to — the special list of each
 * type (everyone the user may see) first, then the saved ones.
 */
export const listShotSegments = (signal?: AbortSignal) =>
  typedApi.get('/segments/names', {
    query: { types: 'PERSON,TEAM' },
    signal,
    errorText: SHOT_TEXTS.segmentsError,
  });

/**
 * GET /api/mkt/emails/list-info?segmentCode=N: how many people of the list the e-mail is sent to,
 * counted by the send's own rule (issue 39 item 4).
 */
export const countReachableByEmail = async (segmentCode: number, signal?: AbortSignal) => {
  const answer = await mktApi.get('/mkt/emails/list-info', {
    query: { segmentCode },
    signal,
    errorText: SHOT_TEXTS.totalError,
  });
  return answer.total;
};
