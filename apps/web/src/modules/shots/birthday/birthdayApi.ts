import {
  BIRTHDAY_TEXTS,
  type BirthdaySettings,
  type BirthdaySettingsSave,
  type ListAnswer,
  SHOT_LIST_VIEWS,
  SHOT_TEXTS,
  type Shot,
} from '@mandato/domain';
import { mkt } from '../../marketing/mktClient.ts';
import { SHOT_LIST_PAGE_SIZE } from '../api.ts';

/** The birthday e-mail's calls (issue 26, 'aniversariantes'). */

/** GET /api/mkt/emails/campaign?birthday=true: the days' birthday shots, the latest first. */
export const listBirthdayShots = (signal?: AbortSignal) =>
  mkt.get<ListAnswer<Shot>>(
    '/mkt/emails/campaign',
    {
      birthday: 'true',
      // a day's shot is made SENDING: the sent view's statuses and order
      status: SHOT_LIST_VIEWS.enviados.statuses.join(','),
      orderingCriteria: SHOT_LIST_VIEWS.enviados.orderingCriteria,
      orderingAscending: 'false',
      page: 1,
      itemsPerPage: SHOT_LIST_PAGE_SIZE,
    },
    { signal, errorText: SHOT_TEXTS.listError },
  );

/** GET /api/mkt/emails/birthday (never saved: inactive, empty, 9 h). */
export const getBirthdaySettings = (signal?: AbortSignal) =>
  mkt.get<BirthdaySettings>('/mkt/emails/birthday', undefined, {
    signal,
    errorText: BIRTHDAY_TEXTS.loadError,
  });

/** PUT /api/mkt/emails/birthday. Field errors go to the form. */
export const saveBirthdaySettings = (body: BirthdaySettingsSave) =>
  mkt.request<BirthdaySettings>({
    method: 'PUT',
    path: '/mkt/emails/birthday',
    params: body,
    errorText: BIRTHDAY_TEXTS.saveError,
    debounceMs: 0,
  });
