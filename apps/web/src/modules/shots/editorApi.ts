import {
  type EmailShotSave,
  type ListAnswer,
  SHOT_TEXTS,
  type Shot,
  type ShotSchedule,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { mkt } from '../marketing/mktClient.ts';

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
  mkt.get<Shot>(`/mkt/emails/campaign/${encodeURIComponent(code)}`, undefined, {
    signal,
    errorText: SHOT_TEXTS.emailLoadError,
  });

/** POST /api/mkt/emails/campaign (new draft) or PUT /api/mkt/emails/campaign/{code}. Errors go to the form. */
export const saveEmailShot = (body: EmailShotSave, code?: number) =>
  mkt.request<Shot>({
    method: code ? 'PUT' : 'POST',
    path: code ? `/mkt/emails/campaign/${code}` : '/mkt/emails/campaign',
    params: body,
    errorText: SHOT_TEXTS.emailSaveError,
    debounceMs: 0,
  });

/** POST /api/mkt/emails/campaign/schedule/{code} {scheduleDate: 'AAAA-MM-DD HH:mm'} (São Paulo). */
export const scheduleEmailShot = (code: number, body: ShotSchedule) =>
  mkt.post<Shot>(`/mkt/emails/campaign/schedule/${code}`, body, {
    errorText: SHOT_TEXTS.scheduleError,
    debounceMs: 0,
  });

/** POST /api/mkt/emails/campaign/send/{code}: send now. */
export const sendEmailShotNow = (code: number) =>
  mkt.post<Shot>(`/mkt/emails/campaign/send/${code}`, undefined, {
    errorText: SHOT_TEXTS.actionError,
    debounceMs: 0,
  });

/**
 * GET /api/segments/names?types=PERSON,TEAM: the lists a shot can go to — the special list of each
 * type (everyone the user may see) first, then the saved ones.
 */
export const listShotSegments = (signal?: AbortSignal) =>
  api.get<ShotSegment[]>(
    '/segments/names',
    { types: 'PERSON,TEAM' },
    { signal, errorText: SHOT_TEXTS.segmentsError },
  );

/** GET /api/people?segmentCode&validEmail=true&itemsPerPage=0: how many people of the list can get the e-mail. */
export const countReachableByEmail = async (segmentCode: number, signal?: AbortSignal) => {
  const answer = await api.get<ListAnswer<unknown>>(
    '/people',
    { segmentCode, validEmail: true, itemsPerPage: 0 },
    { signal, errorText: SHOT_TEXTS.totalError },
  );
  return answer.total;
};
