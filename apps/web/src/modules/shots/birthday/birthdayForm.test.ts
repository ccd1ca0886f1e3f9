import { BIRTHDAY_TEXTS, MESSAGES, SHOT_HTML_MAX_BYTES, SHOT_TEXTS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { birthdayPayload, byBirthdayField } from './birthdayForm.ts';

const values = { active: true, senderCode: 5, subject: 'Parabéns, {{primeiro_nome}}!', sendHour: 9 };
const design = { htmlContent: '<p>Feliz aniversário</p>', jsonContent: '{"pages":[]}' };

describe('the birthday settings form', () => {
  it('makes the PUT body of the form and the design', () => {
    expect(birthdayPayload(values, design).payload).toEqual({ ...values, ...design });
    // inactive may go without a sender
    expect(
      birthdayPayload({ ...values, active: false, senderCode: undefined }, design).payload,
    ).toMatchObject({
      active: false,
      senderCode: null,
    });
  });

  it('refuses active with no sender, a blank subject, an hour out of 0–23 and a body over 1 MB', () => {
    expect(birthdayPayload({ ...values, senderCode: undefined }, design).errors.senderCode).toEqual([
      SHOT_TEXTS.senderNotActive,
    ]);
    expect(birthdayPayload({ ...values, subject: '   ' }, design).errors.subject).toEqual([
      MESSAGES.required,
    ]);
    for (const sendHour of [-1, 24, 9.5, Number.NaN])
      expect(birthdayPayload({ ...values, sendHour }, design).errors.sendHour).toEqual([
        BIRTHDAY_TEXTS.sendHour,
      ]);
    const huge = { ...design, htmlContent: 'a'.repeat(SHOT_HTML_MAX_BYTES + 1) };
    const refused = birthdayPayload(values, huge);
    expect(refused.payload).toBeUndefined();
    expect(refused.errors.content).toEqual([SHOT_TEXTS.contentTooLarge]);
  });

  it("puts the server's errors on the screen's fields (the body's on the editor, unknown ones on the subject)", () => {
    expect(
      byBirthdayField({
        htmlContent: ['a'],
        jsonContent: ['b'],
        senderCode: ['c'],
        sendHour: ['d'],
        'constructor.x': ['e'],
      }),
    ).toEqual({ content: ['a', 'b'], senderCode: ['c'], sendHour: ['d'], subject: ['e'] });
  });
});
