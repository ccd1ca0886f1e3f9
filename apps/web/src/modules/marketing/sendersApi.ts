import { SENDER_TEXTS, type SenderConfirm, type SenderSave, type SenderStatus } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { mktApi } from './mktClient.ts';

/** GET /api/mkt/senders (status ACTIVE: the ones a shot may use). */
export const listSenders = (
  query: { status?: SenderStatus; page?: number; itemsPerPage?: number },
  signal?: AbortSignal,
) => mktApi.get('/mkt/senders', { query, signal, errorText: SENDER_TEXTS.listLoadError });

const saving = { errorText: SENDER_TEXTS.saveError, debounceMs: 0 };

/** POST /api/mkt/senders, or PUT /api/mkt/senders/{id} when editing ('Conta de envio'). */
export const saveSender = (body: SenderSave, code?: number) =>
  code
    ? mktApi.put('/mkt/senders/{id}', { path: { id: code }, body, ...saving })
    : mktApi.post('/mkt/senders', { body, ...saving });

/** DELETE /api/mkt/senders/{id} */
export const removeSender = (code: number) =>
  mktApi.delete('/mkt/senders/{id}', {
    path: { id: code },
    errorText: SENDER_TEXTS.deleteError,
    debounceMs: 0,
  });

/** GET /api/mkt/senders/{id}/send-email-token ('Reenviar') */
export const resendSenderEmail = (code: number) =>
  mktApi.get('/mkt/senders/{id}/send-email-token', {
    path: { id: code },
    errorText: SENDER_TEXTS.resendError,
    debounceMs: 0,
  });

/** PUT /api/mkt/senders/{id}/status ('Ativar' / 'Desativar') */
export const setSenderStatus = (code: number, status: 'ACTIVE' | 'INACTIVE') =>
  mktApi.put('/mkt/senders/{id}/status', {
    path: { id: code },
    body: { status },
    errorText: SENDER_TEXTS.statusError,
    debounceMs: 0,
  });

/** POST /api/public/sender-email-confirm: the public page, no session and no tenant. */
export const confirmSenderEmail = (body: SenderConfirm) =>
  typedApi.post('/public/sender-email-confirm', {
    body,
    auth: false,
    schema: null,
    notifyError: false,
    debounceMs: 0,
  });
