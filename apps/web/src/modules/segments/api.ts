import type { ListAnswer, Segment, SegmentSave, SegmentType } from '@mandato/domain';
import { SEGMENTS_PAGE_SIZE } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { SEGMENT_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "Segments". Deleting is PUT /segments/{id}/toogle-active (sic). */
export const listSegments = (type: SegmentType, page: number, signal?: AbortSignal) =>
  api.get<ListAnswer<Segment>>(
    '/segments',
    { type, page, itemsPerPage: SEGMENTS_PAGE_SIZE },
    { signal, errorText: SEGMENT_TEXTS.listError },
  );

export const getSegment = (code: number, signal?: AbortSignal) =>
  api.get<Segment>(`/segments/${code}`, undefined, {
    signal,
    errorText: SEGMENT_TEXTS.fetchError,
    notifyStatuses: [404],
  });

export const createSegment = (payload: SegmentSave) =>
  api.post<Segment>('/segments', payload, { errorText: SEGMENT_TEXTS.saveError });

export const updateSegment = (code: number, payload: SegmentSave) =>
  api.put<Segment>(`/segments/${code}`, payload, { errorText: SEGMENT_TEXTS.saveError });

export const removeSegment = (code: number) =>
  api.put<unknown>(`/segments/${code}/toogle-active`, undefined, {
    errorText: SEGMENT_TEXTS.removeError,
    notifyStatuses: [404],
  });
