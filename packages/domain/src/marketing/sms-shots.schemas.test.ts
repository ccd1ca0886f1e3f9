import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import { zonedToInstant } from '../common/zoned-time.ts';
import { countSms } from './sms-count.ts';
import {
  composeSms,
  isSmsOptOutReply,
  parseQuietHours,
  type QuietHours,
  quietUntil,
  SMS_MAX_CHARS,
  SMS_TEXTS,
  SmsListInfoQuerySchema,
  SmsSettingsSchema,
  SmsShotSaveSchema,
  smsWorstCase,
} from './sms-shots.schemas.ts';

/** A São Paulo wall time as an instant. */
const sp = (day: number, hour: number, minute = 0) =>
  zonedToInstant({ year: 2026, month: 3, day, hour, minute, second: 0 });

const maria = { firstName: 'Maria', lastName: 'Conceição', fullName: 'Maria da Conceição', email: 'm@x.br' };

describe('composeSms', () => {
  it('starts with the identification and fills the merge tags', () => {
    expect(composeSms('Gab. Ana', 'Oi {{primeiro_nome}}, hoje {{data_atual}}', maria, sp(5, 12))).toBe(
      'Gab. Ana: Oi Maria, hoje 05/03/2026',
    );
  });

  it('sends the values without accents when the template is GSM-7', () => {
    const text = composeSms('Gab. Ana', 'Ola {{nome_completo}} {{sobrenome}}', maria, sp(5, 12));
    expect(text).toBe('Gab. Ana: Ola Maria da Conceicao Conceicao');
  });

  it('keeps a GSM-7 template GSM-7 whatever the values hold (the parts debited are the parts sent)', () => {
    const odd = { ...maria, firstName: 'Zoë😀', lastName: 'Nguyễn' };
    const text = composeSms('Gab. Ana', 'Oi {{primeiro_nome}} {{sobrenome}}', odd, sp(5, 12));
    expect(countSms(text).encoding).toBe('GSM-7');
    expect(text).toBe('Gab. Ana: Oi Zoe? Nguyen');
  });

  it('sends the text in NFC, as it was counted (issue 39: decomposed accents in the text or a name)', () => {
    const decomposed = { ...maria, lastName: 'Conceic\u0327a\u0303o' };
    const text = composeSms('Gab. Ana', 'Atenc\u0327a\u0303o {{sobrenome}}', decomposed, sp(5, 12));
    expect(text).toBe('Gab. Ana: Atenção Conceição');
    expect(countSms(text)).toMatchObject({ encoding: 'UCS-2', units: text.length });
    // a GSM-7 template sends a decomposed name without its accents, not with stray marks
    expect(composeSms('Gab. Ana', 'Oi {{sobrenome}}', decomposed, sp(5, 12))).toBe('Gab. Ana: Oi Conceicao');
  });

  it('keeps the accents when the template is UCS-2 already', () => {
    const text = composeSms('Gab. Ana', 'Atenção {{sobrenome}}', maria, sp(5, 12));
    expect(text).toBe('Gab. Ana: Atenção Conceição');
  });
});

describe('SmsShotSaveSchema: the content saved as it is sent', () => {
  it('keeps the content in NFC, its length counted so (issue 39)', () => {
    const parsed = SmsShotSaveSchema.parse({
      content: ` Reunia\u0303o na associac\u0327a\u0303o${'!'.repeat(SMS_MAX_CHARS - 21)} `,
      destination: { segment: { code: 1 } },
    });
    // 160 characters once composed (163 code points as typed)
    expect(parsed.content).toBe(`Reunião na associação${'!'.repeat(SMS_MAX_CHARS - 21)}`.normalize('NFC'));
    expect([...parsed.content].length).toBe(SMS_MAX_CHARS);
  });
});

describe('smsWorstCase', () => {
  it('counts each merge tag at its longest value, the identification included', () => {
    const worst = smsWorstCase('Gab. Ana', 'Oi {{primeiro_nome}} {{email}} {{data_atual}}', {
      firstName: 12,
      email: 30,
    });
    // 'Gab. Ana: ' (10) + 'Oi ' (3) + 12 + ' ' + 30 + ' ' + 10
    expect(worst).toMatchObject({ chars: 67, encoding: 'GSM-7', parts: 1 });
  });

  it('counts a tag with no value in the list as empty', () => {
    expect(smsWorstCase('Gab', '{{sobrenome}}x', {}).chars).toBe(6);
  });

  it('goes past the limit with a long name, and UCS-2 makes parts', () => {
    const content = `${'a'.repeat(140)} {{nome_completo}}`;
    expect(smsWorstCase('Gab. Ana', content, { fullName: 5 }).chars).toBe(156);
    expect(smsWorstCase('Gab. Ana', content, { fullName: 20 }).chars).toBeGreaterThan(SMS_MAX_CHARS);
    expect(smsWorstCase('Gab. Ana', `${'ã'.repeat(90)}`, {})).toMatchObject({ encoding: 'UCS-2', parts: 2 });
  });
});

describe('SMS_TEXTS.counter: one line a person reads (issue 40)', () => {
  const line = (content: string) => SMS_TEXTS.counter(smsWorstCase('Gab. Ana', content, {}));

  it('GSM-7: the characters against the 160 and the parts, nothing about encodings', () => {
    expect(line('Oi, tudo bem?')).toBe('23 de 160 caracteres · 1 parte');
    // '€' takes two of the 160 septets: 75 of them split the message in parts of 153
    expect(line(`Oi${'€'.repeat(75)}`)).toBe('87 de 160 caracteres · 2 partes (153 por parte)');
  });

  it('accents or emoji: how many a part holds, said in words', () => {
    expect(line('Não')).toBe('13 de 160 caracteres · 1 parte (acentos ou emoji: 70 por parte)');
    expect(line(`${'ã'.repeat(97)}`)).toBe(
      '107 de 160 caracteres · 2 partes (acentos ou emoji: 67 por parte)',
    );
  });

  it('over the limit: by how much, never a negative count', () => {
    expect(line('x'.repeat(150))).toBe('160 de 160 caracteres · 1 parte');
    expect(line('x'.repeat(151))).toBe('Passou 1 caractere do limite');
    expect(line('x'.repeat(210))).toBe('Passou 60 caracteres do limite');
  });
});

describe('quietUntil', () => {
  const night = parseQuietHours('21-8') as QuietHours;
  const day = parseQuietHours('8-18') as QuietHours;

  it('21-8: at 22:00 until 08:00 the next day, at 02:00 until 08:00, at 12:00 not quiet', () => {
    expect(night).toEqual({ start: 21, end: 8 });
    expect(quietUntil(sp(5, 22), night)).toEqual(sp(6, 8));
    expect(quietUntil(sp(5, 2), night)).toEqual(sp(5, 8));
    expect(quietUntil(sp(5, 12), night)).toBeUndefined();
    expect(quietUntil(sp(5, 21), night)).toEqual(sp(6, 8));
    expect(quietUntil(sp(5, 8), night)).toBeUndefined();
  });

  it('8-18: at 12:00 until 18:00, at 22:00 and 02:00 not quiet', () => {
    expect(quietUntil(sp(5, 12, 30), day)).toEqual(sp(5, 18));
    expect(quietUntil(sp(5, 22), day)).toBeUndefined();
    expect(quietUntil(sp(5, 2), day)).toBeUndefined();
  });

  it("'off' is never quiet; an empty window is off; a wrong value is refused", () => {
    expect(quietUntil(sp(5, 2), 'off')).toBeUndefined();
    expect(parseQuietHours(' OFF ')).toBe('off');
    expect(parseQuietHours('8-8')).toBe('off');
    for (const bad of ['24-8', '21', '21-8-1', 'noite', '', '-1-8'])
      expect(parseQuietHours(bad)).toBeUndefined();
  });
});

describe('isSmsOptOutReply', () => {
  it.each(['Sair', ' sáir ', 'PARAR!', 'stop', 'Cancelar', 'STOP.', 'cancelar\n'])('%j opts out', (text) => {
    expect(isSmsOptOutReply(text)).toBe(true);
  });
  it.each(['sair agora', 'ok', '', 'Obrigado', 'não quero sair'])('%j does not', (text) => {
    expect(isSmsOptOutReply(text)).toBe(false);
  });
});

describe('SmsShotSaveSchema', () => {
  const valid = { content: 'Oi {{primeiro_nome}}', destination: { segment: { code: 3 } } };
  const errorsOf = (body: unknown) => {
    const r = SmsShotSaveSchema.safeParse(body);
    return r.success ? undefined : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a message with its list', () => {
    expect(SmsShotSaveSchema.parse({ ...valid, content: '  Oi  ' }).content).toBe('Oi');
  });

  it('refuses missing, blank, long or non-text content and a missing list', () => {
    expect(errorsOf({ destination: valid.destination })).toEqual([`content: ${SMS_TEXTS.contentRequired}`]);
    expect(errorsOf({ ...valid, content: '   ' })).toEqual([`content: ${SMS_TEXTS.contentRequired}`]);
    expect(errorsOf({ ...valid, content: 'a'.repeat(161) })).toEqual([
      `content: ${SMS_TEXTS.contentTooLong}`,
    ]);
    expect(errorsOf({ ...valid, content: 42 })).toEqual([`content: ${SMS_TEXTS.contentRequired}`]);
    expect(errorsOf({ content: 'Oi' })).toEqual([`destination: ${MESSAGES.required}`]);
    expect(errorsOf({ ...valid, destination: { segment: { code: 0 } } })).toHaveLength(1);
  });

  it('refuses control characters and unknown keys', () => {
    expect(errorsOf({ ...valid, content: 'Oi\u0000' })).toEqual([`content: ${MESSAGES.controlCharacters}`]);
    expect(errorsOf({ ...valid, senderCode: 1 })).toHaveLength(1);
  });
});

describe('SmsSettingsSchema', () => {
  it('normalises the quiet hours; null follows the server', () => {
    expect(SmsSettingsSchema.parse({ senderIdentification: ' Gab. Ana ', quietHours: '21-08' })).toEqual({
      senderIdentification: 'Gab. Ana',
      quietHours: '21-8',
    });
    expect(SmsSettingsSchema.parse({ senderIdentification: 'Gab', quietHours: 'OFF' }).quietHours).toBe(
      'off',
    );
    expect(SmsSettingsSchema.parse({ senderIdentification: 'Gab', quietHours: null }).quietHours).toBeNull();
  });

  it('refuses an empty or long identification and wrong quiet hours', () => {
    const refused = (body: unknown) => SmsSettingsSchema.safeParse(body).error?.issues[0]?.message;
    expect(refused({ senderIdentification: '', quietHours: null })).toBe(SMS_TEXTS.identificationRequired);
    expect(refused({ senderIdentification: 'x'.repeat(31), quietHours: null })).toBe(
      SMS_TEXTS.identificationTooLong,
    );
    expect(refused({ senderIdentification: 'Gab', quietHours: '25-3' })).toBe(SMS_TEXTS.invalidQuietHours);
    expect(refused({ senderIdentification: 'Gab', quietHours: 21 })).toBe(SMS_TEXTS.invalidQuietHours);
  });
});

describe('SmsListInfoQuerySchema', () => {
  it('takes a list code from the query string', () => {
    expect(SmsListInfoQuerySchema.parse({ segmentCode: '12' })).toEqual({ segmentCode: 12 });
    expect(SmsListInfoQuerySchema.safeParse({ segmentCode: 'abc' }).success).toBe(false);
    expect(SmsListInfoQuerySchema.safeParse({}).success).toBe(false);
  });
});
