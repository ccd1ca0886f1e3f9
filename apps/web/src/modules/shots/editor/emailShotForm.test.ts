import { MESSAGES, SHOT_EDITOR_TEXTS, SHOT_HTML_MAX_BYTES, SHOT_TEXTS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { byEditorField, emailShotPayload, formatHour, scheduleLabel, scheduleOf } from './emailShotForm.ts';

const SEGMENTS = [{ code: 3, name: 'Apoiadores', type: 'PERSON', special: false }];
// 2026-11-26 12:00 in São Paulo (UTC−3)
const NOW = new Date('2026-11-26T15:00:00Z');

describe('the e-mail shot form', () => {
  it('builds the save payload from the form, the list and the design', () => {
    const result = emailShotPayload(
      { senderCode: 5, segmentCode: 3, subject: '  Convite ' },
      SEGMENTS,
      { htmlContent: '<p>x</p>', jsonContent: { pages: [] } },
      12,
    );
    expect(result.errors).toEqual({});
    expect(result.payload).toEqual({
      subject: 'Convite',
      htmlContent: '<p>x</p>',
      jsonContent: { pages: [] },
      totalContacts: 12,
      senderCode: 5,
      destination: { segment: { code: 3, name: 'Apoiadores', type: 'PERSON' } },
    });
  });

  it("sender, list and subject are required; a list not among the user's is none", () => {
    expect(emailShotPayload({ subject: ' ' }, SEGMENTS).errors).toEqual({
      senderCode: [MESSAGES.required],
      segmentCode: [MESSAGES.required],
      subject: [MESSAGES.required],
    });
    expect(emailShotPayload({ senderCode: 5, segmentCode: 99, subject: 'x' }, SEGMENTS).errors).toEqual({
      segmentCode: [MESSAGES.required],
    });
  });

  it('refuses a body over 1 MB and control characters in the subject, on their fields', () => {
    const big = emailShotPayload({ senderCode: 5, segmentCode: 3, subject: 'x' }, SEGMENTS, {
      htmlContent: 'a'.repeat(SHOT_HTML_MAX_BYTES + 1),
      jsonContent: undefined,
    });
    expect(big.errors).toEqual({ content: [SHOT_TEXTS.contentTooLarge] });
    const control = emailShotPayload({ senderCode: 5, segmentCode: 3, subject: 'a\u0000b' }, SEGMENTS);
    expect(Object.keys(control.errors)).toEqual(['subject']);
  });

  it("puts the server's field errors on the editor's fields", () => {
    expect(
      byEditorField({
        'destination.segment.code': ['a'],
        htmlContent: ['b'],
        senderCode: ['c'],
        __proto__x: ['d'],
      }),
    ).toEqual({ segmentCode: ['a'], content: ['b'], senderCode: ['c'], subject: ['d'] });
  });
});

describe('the schedule form', () => {
  it('masks the hour as 00:00', () => {
    expect(formatHour('9')).toBe('9');
    expect(formatHour('0930')).toBe('09:30');
    expect(formatHour('09:305')).toBe('09:30');
    expect(formatHour('ab12cd34')).toBe('12:34');
  });

  it('requires both fields and checks each', () => {
    expect(scheduleOf({ date: '', hour: '' }, NOW).errors).toEqual({
      date: [MESSAGES.required],
      hour: [MESSAGES.required],
    });
    expect(scheduleOf({ date: '31/02/2027', hour: '24:00' }, NOW).errors).toEqual({
      date: [SHOT_EDITOR_TEXTS.invalidDate],
      hour: [SHOT_EDITOR_TEXTS.invalidHour],
    });
    expect(scheduleOf({ date: '1/2/27', hour: '9:5' }, NOW).errors).toEqual({
      date: [SHOT_EDITOR_TEXTS.invalidDate],
      hour: [SHOT_EDITOR_TEXTS.invalidHour],
    });
  });

  it('gives the API São Paulo time, in the future', () => {
    expect(scheduleOf({ date: '26/11/2026', hour: '12:00' }, NOW).errors).toEqual({
      date: [SHOT_TEXTS.scheduleInPast],
    });
    expect(scheduleOf({ date: '26/11/2026', hour: '12:01' }, NOW).payload).toEqual({
      scheduleDate: '2026-11-26 12:01',
    });
    expect(scheduleOf({ date: '29/02/2028', hour: '00:00' }, NOW).payload).toEqual({
      scheduleDate: '2028-02-29 00:00',
    });
    expect(scheduleLabel('2026-11-26 12:01')).toBe('26/11/2026 às 12:01');
  });
});
