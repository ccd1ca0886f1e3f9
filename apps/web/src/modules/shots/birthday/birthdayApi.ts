import { BIRTHDAY_TEXTS, type BirthdaySettingsSave, SHOT_LIST_VIEWS, SHOT_TEXTS } from '@mandato/domain';
import { mktApi } from '../../marketing/mktClient.ts';
import { SHOT_LIST_PAGE_SIZE } from '../api.ts';

/** The birthday e-mail's calls (issue 26, 'aniversariantes'). */

/** GET /api/mkt/emails/campaign?birthday=true: the days' birthday shots, the latest first. */
export const listBirthdayShots = (signal?: AbortSignal) =>
  mktApi.get('/mkt/emails/campaign', {
    query: {
      birthday: 'true',
      // a day's shot is made SENDING: the sent view's statuses and order
      status: SHOT_LIST_VIEWS.enviados.statuses.join(','),
      orderingCriteria: SHOT_LIST_VIEWS.enviados.orderingCriteria,
      orderingAscending: 'false',
      page: 1,
      itemsPerPage: SHOT_LIST_PAGE_SIZE,
    },
    signal,
    errorText: SHOT_TEXTS.listError,
  });

/** GET /api/mkt/emails/birthday (never saved: inactive, empty, 9 h). */
export const getBirthdaySettings = (signal?: AbortSignal) =>
  mktApi.get('/mkt/emails/birthday', { signal, errorText: BIRTHDAY_TEXTS.loadError });

/** PUT /api/mkt/emails/birthday. Field errors go to the form. */
export const saveBirthdaySettings = (body: BirthdaySettingsSave) =>
  mktApi.put('/mkt/emails/birthday', { body, errorText: BIRTHDAY_TEXTS.saveError, debounceMs: 0 });
