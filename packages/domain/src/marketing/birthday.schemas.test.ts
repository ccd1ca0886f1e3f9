import { describe, expect, it } from 'vitest';
import { BIRTHDAY_TEXTS, BirthdaySettingsSaveSchema } from './birthday.schemas.ts';
import { ShotsQuerySchema } from './shots.schemas.ts';

const valid = { active: true, senderCode: 3, subject: 'Parabéns!', htmlContent: '<p>Oi</p>', sendHour: 9 };

describe('BirthdaySettingsSaveSchema', () => {
  it('takes hours 0 to 23 and an inactive setting without sender', () => {
    expect(BirthdaySettingsSaveSchema.parse({ ...valid, sendHour: 0 }).sendHour).toBe(0);
    expect(BirthdaySettingsSaveSchema.parse({ ...valid, sendHour: 23 }).sendHour).toBe(23);
    expect(BirthdaySettingsSaveSchema.parse({ ...valid, active: false, senderCode: null }).active).toBe(
      false,
    );
    expect(BirthdaySettingsSaveSchema.parse({ ...valid, htmlContent: undefined }).htmlContent).toBe('');
  });

  it('refuses other hours, wrong types, unknown keys and control characters in pt-BR', () => {
    for (const sendHour of [24, -1, 9.5, '9', null]) {
      const r = BirthdaySettingsSaveSchema.safeParse({ ...valid, sendHour });
      expect(r.success, String(sendHour)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(BIRTHDAY_TEXTS.sendHour);
    }
    for (const body of [
      { ...valid, extra: 1 },
      { ...valid, active: 'true' },
      { ...valid, senderCode: '3' },
      { ...valid, senderCode: 0 },
      { ...valid, subject: '' },
      { ...valid, subject: 'a\u0000b' },
      { ...valid, subject: 'a'.repeat(251) },
    ]) {
      expect(BirthdaySettingsSaveSchema.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(
        false,
      );
    }
  });
});

describe('ShotsQuerySchema birthday', () => {
  it("lists the other shots unless birthday=true ('aniversariantes')", () => {
    expect(ShotsQuerySchema.parse({}).birthday).toBe(false);
    expect(ShotsQuerySchema.parse({ birthday: 'true' }).birthday).toBe(true);
    expect(ShotsQuerySchema.safeParse({ birthday: 'sim' }).success).toBe(false);
  });
});
