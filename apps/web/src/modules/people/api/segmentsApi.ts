import type { ListAnswer, Segment, SegmentSave, SegmentType } from '@mandato/domain';
import { SEGMENTS_PAGE_SIZE } from '@mandato/domain';
import type { ApiClient } from '../../../platform/api/client.ts';
import { PEOPLE_TEXTS } from './peopleTexts.ts';

/** Calls of spec 2 §7 "Segments". Deleting is PUT /segments/{id}/toogle-active (sic). */
export function createSegmentsApi(client: ApiClient) {
  return {
    list: (type: SegmentType, page: number, signal?: AbortSignal) =>
      client.get<ListAnswer<Segment>>(
        '/segments',
        { type, page, itemsPerPage: SEGMENTS_PAGE_SIZE },
        { signal, errorText: PEOPLE_TEXTS.segmentsFetchError },
      ),
    get: (code: number, signal?: AbortSignal) =>
      client.get<Segment>(`/segments/${code}`, undefined, {
        signal,
        errorText: PEOPLE_TEXTS.segmentFetchError,
        notifyStatuses: [404],
      }),
    create: (payload: SegmentSave) =>
      client.post<Segment>('/segments', payload, { errorText: PEOPLE_TEXTS.segmentSaveError }),
    update: (code: number, payload: SegmentSave) =>
      client.put<Segment>(`/segments/${code}`, payload, { errorText: PEOPLE_TEXTS.segmentSaveError }),
    remove: (code: number) =>
      client.put<unknown>(`/segments/${code}/toogle-active`, undefined, {
        errorText: PEOPLE_TEXTS.segmentRemoveError,
        notifyStatuses: [404],
      }),
  };
}
export type SegmentsApi = ReturnType<typeof createSegmentsApi>;
