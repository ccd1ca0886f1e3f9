import {
  type ListAnswer,
  SENDER_TEXTS,
  type Sender,
  type SenderConfirm,
  type SenderConfirmAnswer,
  type SenderSave,
  type SenderStatus,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { mkt } from './mktClient.ts';

/** GET /api/mkt/senders (status ACTIVE: the ones a shot may use). */
export const listSenders = (
  query: { status?: SenderStatus; page?: number; itemsPerPage?: number },
  signal?: AbortSignal,
) =>
  mkt.get<ListAnswer<Sender>>('/mkt/senders', query, {
    signal,
    errorText: SENDER_TEXTS.listLoadError,
  });

/** POST /api/mkt/senders, or PUT /api/mkt/senders/{id} when editing ('Conta de envio'). */
export const saveSender = (body: SenderSave, code?: number) =>
  code
    ? mkt.request<Sender>({
        method: 'PUT',
        path: `/mkt/senders/${code}`,
        params: body,
        errorText: SENDER_TEXTS.saveError,
        debounceMs: 0,
      })
    : mkt.post<Sender>('/mkt/senders', body, { errorText: SENDER_TEXTS.saveError, debounceMs: 0 });

/** DELETE /api/mkt/senders/{id} */
export const removeSender = (code: number) =>
  mkt.delete<{ code: number }>(`/mkt/senders/${code}`, undefined, {
    errorText: SENDER_TEXTS.deleteError,
    debounceMs: 0,
  });

/** GET /api/mkt/senders/{id}/send-email-token ('Reenviar') */
export const resendSenderEmail = (code: number) =>
  mkt.get<Sender>(`/mkt/senders/${code}/send-email-token`, undefined, {
    errorText: SENDER_TEXTS.resendError,
    debounceMs: 0,
  });

/** PUT /api/mkt/senders/{id}/status ('Ativar' / 'Desativar') */
export const setSenderStatus = (code: number, status: 'ACTIVE' | 'INACTIVE') =>
  mkt.request<Sender>({
    method: 'PUT',
    path: `/mkt/senders/${code}/status`,
    params: { status },
    errorText: SENDER_TEXTS.statusError,
    debounceMs: 0,
  });

/** POST /api/public/sender-email-confirm: the public page, no session and no tenant. */
export const confirmSenderEmail = (body: SenderConfirm) =>
  api.post<SenderConfirmAnswer>('/public/sender-email-confirm', body, {
    auth: false,
    schema: null,
    notifyError: false,
    debounceMs: 0,
  });
