import type { SegmentSave, SegmentType } from '@mandato/domain';
import { SEGMENTS_PAGE_SIZE } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { SEGMENT_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "Segments". Deleting is PUT /segments/{id}/toogle-active (sic). */
export const listSegments = (type: SegmentType, page: number, signal?: AbortSignal) =>
  typedApi.get('/segments', {
    query: { type, page, itemsPerPage: SEGMENTS_PAGE_SIZE },
    signal,
    errorText: SEGMENT_TEXTS.listError,
  });

export const getSegment = (code: number, signal?: AbortSignal) =>
  typedApi.get('/segments/{id}', {
    path: { id: code },
    signal,
    errorText: SEGMENT_TEXTS.fetchError,
    notifyStatuses: [404],
  });

export const createSegment = (payload: SegmentSave) =>
  typedApi.post('/segments', { body: payload, errorText: SEGMENT_TEXTS.saveError });

export const updateSegment = (code: number, payload: SegmentSave) =>
  typedApi.put('/segments/{id}', { path: { id: code }, body: payload, errorText: SEGMENT_TEXTS.saveError });

export const removeSegment = (code: number) =>
  typedApi.put('/segments/{id}/toogle-active', {
    path: { id: code },
    errorText: SEGMENT_TEXTS.removeError,
    notifyStatuses: [404],
  });
