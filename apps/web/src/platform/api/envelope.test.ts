import { MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { isFailureStatus, unwrapEnvelope } from './envelope.ts';
import { ApiError } from './errors.ts';

describe('unwrapEnvelope', () => {
  it('returns data of the envelope, lists as {list,total}', () => {
    expect(unwrapEnvelope({ data: { a: 1 } })).toEqual({ a: 1 });
    expect(unwrapEnvelope({ data: { list: [1], total: 1 } })).toEqual({ list: [1], total: 1 });
    expect(unwrapEnvelope({ data: null })).toBeNull();
  });

  it.each([null, undefined, 'text', [1], { list: [] }])('rejects a missing wrapper (%j)', (body) => {
    expect(() => unwrapEnvelope(body)).toThrow(ApiError);
    expect(() => unwrapEnvelope(body)).toThrow(MESSAGES.emptyEnvelope);
  });
});

describe('isFailureStatus', () => {
  it('fails below 200 and from 400 on', () => {
    expect(isFailureStatus(199)).toBe(true);
    expect(isFailureStatus(200)).toBe(false);
    expect(isFailureStatus(204)).toBe(false);
    expect(isFailureStatus(399)).toBe(false);
    expect(isFailureStatus(400)).toBe(true);
    expect(isFailureStatus(503)).toBe(true);
  });
});
