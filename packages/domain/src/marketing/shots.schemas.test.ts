import { describe, expect, it } from 'vitest';
import {
  applyMergeTags,
  cloneName,
  EmailShotSaveSchema,
  mergeValuesOf,
  receiversString,
  SHOT_TEXTS,
  ShotScheduleSchema,
  ShotsQuerySchema,
  scheduleFormValue,
  shotPercentages,
  withMergeTagLabels,
} from './shots.schemas.ts';
import { SmsShotSaveSchema } from './sms-shots.schemas.ts';

const valid = {
  subject: 'Olá {{primeiro_nome}}',
  htmlContent: '<p>Oi</p>',
  senderCode: 1,
  destination: { segment: { code: 100, name: 'Lista', query: [], type: 'PERSON' } },
};

describe('shot schemas', () => {
  it('reads the spec payload and refuses unknown keys, missing fields and oversized HTML', () => {
    expect(EmailShotSaveSchema.safeParse(valid).success).toBe(true);
    expect(EmailShotSaveSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(EmailShotSaveSchema.safeParse({ ...valid, subject: ' ' }).success).toBe(false);
    expect(EmailShotSaveSchema.safeParse({ ...valid, senderCode: undefined }).success).toBe(false);
    expect(EmailShotSaveSchema.safeParse({ ...valid, destination: {} }).success).toBe(false);
    expect(
      EmailShotSaveSchema.safeParse({ ...valid, htmlContent: 'x'.repeat(1024 * 1024 + 1) }).success,
    ).toBe(false);
  });

  it('reads a status list as repeated or comma-separated values', () => {
    expect(ShotsQuerySchema.parse({ status: 'SENT,ERROR' }).status).toEqual(['SENT', 'ERROR']);
    expect(ShotsQuerySchema.parse({ status: ['SENT', 'DRAFT'] }).status).toEqual(['SENT', 'DRAFT']);
    expect(ShotsQuerySchema.safeParse({ status: 'NOPE' }).success).toBe(false);
    // an object (status[x]=…) is refused, never turned into text (a null-prototype object threw: 500)
    const object = Object.assign(Object.create(null), { x: 'SENT' });
    expect(ShotsQuerySchema.safeParse({ status: object }).success).toBe(false);
    expect(ShotsQuerySchema.safeParse({ status: ['SENT', object] }).success).toBe(false);
    expect(ShotsQuerySchema.parse({}).itemsPerPage).toBe(100);
  });

  it("takes a schedule with a time as people-contacts does: 'AAAA-MM-DD HH:mm' and spec 1 §5's 'AAAA-MM-DD HH:mm:ss'", () => {
    const parsed = (scheduleDate: string) => ShotScheduleSchema.safeParse({ scheduleDate });
    for (const form of ['2026-12-01 09:30', '2026-12-01T09:30', '2026-12-01 09:30:00', '2026-12-01T09:30:45'])
      expect(parsed(form).success, form).toBe(true);
    expect(parsed('2026-12-01 09:30:00').data).toEqual({ scheduleDate: '2026-12-01 09:30:00' });
    expect(parsed('2026-12-01T12:30:00Z').success).toBe(true);
    for (const wrong of [
      '2026-12-01 09:30:60',
      '2026-12-01 09:30:5',
      '2026-12-01 9:30:00',
      `2026-12-01 09:30${' '.repeat(40)}Z`,
    ])
      expect(
        parsed(wrong).error?.issues.map((i) => i.message),
        wrong,
      ).toEqual([SHOT_TEXTS.invalidScheduleDate]);
    expect(ShotScheduleSchema.safeParse({ scheduleDate: '2026-12-01' }).success).toBe(false);
    expect(ShotScheduleSchema.safeParse({ scheduleDate: '2026-02-30 09:30' }).success).toBe(false);
    expect(ShotScheduleSchema.safeParse({ scheduleDate: '2026-12-01 24:30' }).success).toBe(false);
    expect(scheduleFormValue(new Date('2026-12-01T12:30:00Z'))).toBe('2026-12-01 09:30');
  });

  it('fills merge tags, escaping values in HTML', () => {
    const v = mergeValuesOf('  Ana  Maria <b>Souza ', 'ana@x.com.br');
    expect(v).toEqual({
      firstName: 'Ana',
      lastName: '<b>Souza',
      fullName: 'Ana Maria <b>Souza',
      email: 'ana@x.com.br',
    });
    const now = new Date('2026-11-26T02:00:00Z'); // 25/11 in São Paulo
    expect(applyMergeTags('{{primeiro_nome}} {{sobrenome}} {{data_atual}}', v, now)).toBe(
      'Ana <b>Souza 25/11/2026',
    );
    expect(applyMergeTags('{{sobrenome}}', v, now, true)).toBe('&lt;b&gt;Souza');
  });

  it('computes the percentages and the receivers string of the spec', () => {
    expect(
      shotPercentages({ totalContacts: 200, totalDelivered: 100, totalOpened: 25, totalClicked: 5 }),
    ).toEqual({
      delivered: 50,
      opened: 25,
      clicked: 20,
    });
    expect(
      receiversString([
        { contact: 'a@x', message: 'ok' },
        { contact: 'b@x', message: 'no' },
      ]),
    ).toBe('a@x::ok;;b@x::no');
  });
});

describe('cloneName (issue 40)', () => {
  it("adds ' (cópia)', then numbers a copy of a copy", () => {
    expect(cloneName('Boletim de março')).toBe('Boletim de março (cópia)');
    expect(cloneName('Boletim de março (cópia)')).toBe('Boletim de março (cópia 2)');
    expect(cloneName('Boletim de março (cópia 9)')).toBe('Boletim de março (cópia 10)');
  });

  it('is one line: an SMS message with line breaks is named on one', () => {
    expect(cloneName(' Olá {{primeiro_nome}},\n\nreunião amanhã. ')).toBe(
      'Olá {{primeiro_nome}}, reunião amanhã. (cópia)',
    );
  });

  it("cuts the source to keep within the name's 120 characters, never inside an accented letter, an emoji or a merge tag", () => {
    expect(cloneName('a'.repeat(250))).toBe(`${'a'.repeat(112)} (cópia)`);
    expect(cloneName('a'.repeat(250))).toHaveLength(120);
    // 'e' + U+0301 is one letter: it goes whole
    expect(cloneName(`${'a'.repeat(111)}e\u0301xyz`)).toBe(`${'a'.repeat(111)} (cópia)`);
    expect(cloneName(`${'a'.repeat(111)}🎉🎉`)).toBe(`${'a'.repeat(111)} (cópia)`);
    expect(cloneName(`${'a'.repeat(100)} {{primeiro_nome}}`)).toBe(`${'a'.repeat(100)} (cópia)`);
    expect(cloneName('x'.repeat(160), 160)).toHaveLength(160);
  });
});

describe("a shot's name (issue 40)", () => {
  const sms = { content: 'Oi', destination: { segment: { code: 1 } } };
  it('is optional, trimmed, empty is none, at most 120 characters on one line', () => {
    for (const schema of [EmailShotSaveSchema, SmsShotSaveSchema]) {
      const base = schema === EmailShotSaveSchema ? valid : sms;
      expect(schema.parse(base).name).toBeUndefined();
      expect(schema.parse({ ...base, name: '  Boletim de março ' }).name).toBe('Boletim de março');
      expect(schema.parse({ ...base, name: '' }).name).toBeNull();
      expect(schema.parse({ ...base, name: null }).name).toBeNull();
      expect(schema.parse({ ...base, name: 'n'.repeat(120) }).name).toHaveLength(120);
      const refused = (name: unknown) =>
        schema.safeParse({ ...base, name }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      expect(refused('n'.repeat(121))).toEqual([`name: ${SHOT_TEXTS.nameTooLong}`]);
      expect(refused('Boletim\nde março')?.[0]).toMatch(/^name: Use uma só linha/);
      expect(refused('Boletim\u0007')?.[0]).toMatch(/^name: Caracteres de controle/);
      expect(refused(42)).toHaveLength(1);
    }
  });
});

describe('withMergeTagLabels (issue 40)', () => {
  it('shows each merge tag as its label, the rest as written', () => {
    expect(withMergeTagLabels('Olá {{primeiro_nome}}, hoje é {{data_atual}}. {{outro}}')).toBe(
      'Olá [Primeiro nome], hoje é [Data atual]. {{outro}}',
    );
  });
});
