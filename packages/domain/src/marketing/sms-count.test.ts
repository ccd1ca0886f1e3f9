import { describe, expect, it } from 'vitest';
import { countSms, toGsm } from './sms-count.ts';

describe('countSms: parts as carriers bill them', () => {
  it.each([
    ['empty', '', 'GSM-7', 0, 0],
    ['plain GSM, 160', 'a'.repeat(160), 'GSM-7', 160, 1],
    ['plain GSM, 161', 'a'.repeat(161), 'GSM-7', 161, 2],
    ['plain GSM, 306 (2 × 153)', 'a'.repeat(306), 'GSM-7', 306, 2],
    ['plain GSM, 307', 'a'.repeat(307), 'GSM-7', 307, 3],
    ['80 € = 160 septets', '€'.repeat(80), 'GSM-7', 160, 1],
    ['81 € = 162 septets', '€'.repeat(81), 'GSM-7', 162, 2],
    ['é, à, Ç are GSM-7', 'é à Ç ü ñ', 'GSM-7', 9, 1],
    ['UCS-2, 70', 'ã'.repeat(70), 'UCS-2', 70, 1],
    ['UCS-2, 71', `${'a'.repeat(70)}ç`, 'UCS-2', 71, 2],
    ['UCS-2, 134 (2 × 67)', 'õ'.repeat(134), 'UCS-2', 134, 2],
    ['UCS-2, 135', 'õ'.repeat(135), 'UCS-2', 135, 3],
    ['an emoji takes two units', '😀', 'UCS-2', 2, 1],
    ['35 emoji = 70 units', '😀'.repeat(35), 'UCS-2', 70, 1],
    ['36 emoji = 72 units', '😀'.repeat(36), 'UCS-2', 72, 2],
  ] as const)('%s', (_name, text, encoding, units, parts) => {
    expect(countSms(text)).toMatchObject({ encoding, units, parts });
  });

  it.each(['€', '[', ']', '{', '}', '^', '~', '|', '\\'])('the extension character %s counts two', (c) => {
    expect(countSms(`a${c}`)).toMatchObject({ encoding: 'GSM-7', units: 3 });
  });

  it.each(['ã', 'õ', 'ç', 'á', 'í', 'ó', 'ú', 'â', 'ê', 'ô'])('%s makes the message UCS-2', (c) => {
    expect(countSms(`Ola ${c}`)).toMatchObject({ encoding: 'UCS-2', units: 5, perPart: 70, nonGsm: [c] });
  });

  it('per part: 160/153 for GSM-7, 70/67 for UCS-2', () => {
    expect(countSms('a'.repeat(160)).perPart).toBe(160);
    expect(countSms('a'.repeat(161)).perPart).toBe(153);
    expect(countSms('ã'.repeat(70)).perPart).toBe(70);
    expect(countSms('ã'.repeat(71)).perPart).toBe(67);
  });

  it('lists the characters that made it UCS-2 once each, in order', () => {
    expect(countSms('Atenção, amanhã às 9h: ação! 😀').nonGsm).toEqual(['ç', 'ã', '😀']);
    expect(countSms('Olá € [x]').nonGsm).toEqual(['á']);
    expect(countSms('tudo GSM: é à Ç').nonGsm).toEqual([]);
  });
});

describe('toGsm: the one-click fix', () => {
  it.each([
    ['Atenção, amanhã às 9h', 'Atencao, amanha às 9h'],
    ['“aspas”', '"aspas"'],
    ['‘simples’', "'simples'"],
    ['São Paulo – Brasília…', 'Sao Paulo - Brasilia...'],
    ['Ônibus ÁGUA Íris Úrsula Ê', 'Onibus AGUA Iris Ursula E'],
    ['1º e 2ª', '1o e 2a'],
    ['é à Ç ü stay', 'é à Ç ü stay'],
    ['Oi 😀 ação', 'Oi 😀 acao'],
  ])('%s → %s', (text, fixed) => {
    expect(toGsm(text)).toBe(fixed);
  });

  it('makes a Portuguese text GSM-7 (emoji aside)', () => {
    const fixed = toGsm('Reunião às 19h na associação: não falte, é importante!');
    expect(countSms(fixed)).toMatchObject({ encoding: 'GSM-7', nonGsm: [] });
  });
});
