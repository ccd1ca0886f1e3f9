import { type PrivacyRequestCreate, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  createPrivacyRequest,
  downloadAccessFile,
  fulfilPrivacyRequest,
  listPrivacyRequests,
  type RequestsQuery,
} from '../api.ts';
import type { AccessFileFormat, PrivacyRequestRow } from '../privacyTypes.ts';
import { privacyKeys } from './privacyKeys.ts';

/** One page of the data-subject requests (the server orders them: overdue first). */
export function usePrivacyRequests(query: RequestsQuery) {
  return useQuery({
    queryKey: privacyKeys.requests(query),
    queryFn: ({ signal }) => listPrivacyRequests(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useInvalidateRequests() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: privacyKeys.requests() });
}

export function useCreatePrivacyRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (body: PrivacyRequestCreate) => createPrivacyRequest(body),
    onSuccess: () => {
      notifySuccess(T.created);
      void invalidate();
    },
  });
}

/** 'Atender' an access or portability request: the file is saved, the request is answered. */
export function useDownloadAccessFile() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ request, format }: { request: PrivacyRequestRow; format: AccessFileFormat }) =>
      downloadAccessFile(request.code, format).then((blob) => ({ blob, request, format })),
    onSuccess: ({ blob, request, format }) => {
      saveBlob(blob, T.fileName(request.code, format));
      notifySuccess(T.downloaded);
      void invalidate();
    },
  });
}

/** 'Atender' an anonymisation, deletion or correction request, after the confirmation. */
export function useFulfilPrivacyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PrivacyRequestRow) => fulfilPrivacyRequest(request.code).then(() => request),
    onSuccess: (request) => {
      notifySuccess(
        request.kind === 'ANONYMISATION' ? T.anonymised : request.kind === 'DELETION' ? T.deleted : T.done,
      );
      // the person is gone or changed: duplicates and consents read again too
      void client.invalidateQueries({ queryKey: privacyKeys.all });
    },
  });
}
