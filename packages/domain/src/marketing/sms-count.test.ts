import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SegmentedMessage } from 'sms-segments-calculator';
import { describe, expect, it } from 'vitest';
import { countSms, GSM_EXTENSION, normalizeSms, smsCharacters, toGsm } from './sms-count.ts';

/** The judge: Twilio's segment calculator, its version read from its own package.json. */
const JUDGE = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('sms-segments-calculator/package.json'), 'utf8'),
) as { name: string; version: string };
const judge = (text: string) => {
  const m = new SegmentedMessage(text);
  return { encoding: m.encodingName, parts: m.segmentsCount };
};

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
    // issue 39: an escape pair or a surrogate pair is never cut, the part ends one unit early
    ['153 € = 306 septets: 76 € per part', '€'.repeat(153), 'GSM-7', 306, 3],
    ['152 a and € across the first cut', `${'a'.repeat(152)}€${'a'.repeat(152)}`, 'GSM-7', 306, 3],
    ['66 õ, an emoji across the first cut, 66 õ', `${'õ'.repeat(66)}😀${'õ'.repeat(66)}`, 'UCS-2', 134, 3],
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

  it("issue 39's figures: the product now says what the judge says", () => {
    const euro = '€'.repeat(153);
    expect({ product: countSms(euro).parts, judge: judge(euro).parts }).toEqual({ product: 3, judge: 3 });
    // the live case: 134 units with an emoji at index 66, sent to 3 phones: 9 parts billed, not 6
    const live = `${'ã'.repeat(66)}😀${'ã'.repeat(66)}`;
    expect(live.length).toBe(134);
    expect(live.indexOf('😀')).toBe(66);
    expect({ product: 3 * countSms(live).parts, judge: 3 * judge(live).parts }).toEqual({
      product: 9,
      judge: 9,
    });
  });

  it('lists the characters that made it UCS-2 once each, in order', () => {
    expect(countSms('Atenção, amanhã às 9h: ação! 😀').nonGsm).toEqual(['ç', 'ã', '😀']);
    expect(countSms('Olá € [x]').nonGsm).toEqual(['á']);
    expect(countSms('tudo GSM: é à Ç').nonGsm).toEqual([]);
  });

  it('counts decomposed accents as the letters they show (NFC), never a lone combining mark', () => {
    // 'Ação' as some phones and pasted text write it: c + U+0327, a + U+0303
    expect(countSms('Ac\u0327a\u0303o')).toMatchObject({ encoding: 'UCS-2', units: 4, nonGsm: ['ç', 'ã'] });
    // a decomposed é is the GSM-7 é
    expect(countSms('Cafe\u0301')).toMatchObject({ encoding: 'GSM-7', units: 4, nonGsm: [] });
    // a mark no composed letter holds stays on its letter in the list
    expect(countSms('x\u0301 y').nonGsm).toEqual(['x\u0301']);
    expect(countSms('1\uFE0F\u20E3 ok').nonGsm).toEqual(['1\uFE0F\u20E3']);
  });
});

/**
 * The corpus the count is judged on: several hundred texts (deterministic) of plain GSM-7, accents,
 * emoji and every extension character, at and around 70/67/160/153 units and their multiples, with
 * extension characters and emoji placed on the units where a part ends. Up to about 330 units: an
 * SMS of this product holds at most 160 characters (320 septets or UTF-16 units at most), and the
 * judge takes time quadratic in the length.
 *
 * Left out, with the reason (the judge's quirks, not carriers' rules):
 * - characters of more than one code point (emoji with skin tone, ZWJ families, flags, keycaps,
 *   a letter with a mark that has no composed form): the judge never cuts a grapheme cluster, while
 *   a carrier cuts UCS-2 between code points, keeping only a surrogate pair whole;
 * - '\r': the judge takes '\r\n' as one grapheme and then as UCS-2, while CR and LF are both in the
 *   GSM 03.38 default alphabet (one septet each).
 * The texts are in NFC (the form an SMS is counted and sent in).
 */
function corpus(): string[] {
  const texts: string[] = [];
  const sizes = [67, 70, 134, 140, 153, 160, 201, 210, 268, 280, 306, 320];
  for (const size of sizes) {
    for (let d = -2; d <= 2; d++) {
      const n = size + d;
      texts.push('a'.repeat(n), 'ã'.repeat(n), `${'a'.repeat(n - 1)}ç`, '😀'.repeat(Math.ceil(n / 2)));
      texts.push('€'.repeat(Math.ceil(n / 2)), `${'é'.repeat(n - 1)}[`);
    }
  }
  // every extension character starting on and around a GSM-7 part's last septet (index 152 or 305),
  // in texts of a whole number of parts (306), one septet more or less, and at the 320 maximum
  for (const c of GSM_EXTENSION) {
    for (const at of [150, 151, 152, 153, 154, 303, 304, 305, 306]) {
      for (const total of [305, 306, 307, 320])
        if (total >= at + 2) texts.push(`${'a'.repeat(at)}${c}${'b'.repeat(total - at - 2)}`);
    }
  }
  // emoji (and a BMP non-GSM character) on and around a UCS-2 part's last unit (66, 133, 200, 267),
  // in texts of a whole number of parts (134, 201, 268) and one unit more or less
  for (const c of ['😀', '🎉', '👍', '🚀', 'ç']) {
    for (const at of [65, 66, 67, 132, 133, 134, 199, 200, 201, 266, 267]) {
      for (const total of [133, 134, 135, 201, 202, 268, 269])
        if (total >= at + c.length) texts.push(`${'õ'.repeat(at)}${c}${'x'.repeat(total - at - c.length)}`);
    }
  }
  // mixed texts, from a seeded generator
  const pools = ['abcdefghij ,.!?0123456789', 'áéíóúâêôãõçàüÇÁÉ', [...GSM_EXTENSION].join(''), '\n'];
  const emoji = ['😀', '🎉', '👍', '🚀', '❤', '✅'];
  let seed = 39;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 300; i++) {
    const length = 1 + Math.floor(random() * 320);
    const accents = random() < 0.4;
    const emojis = random() < 0.3;
    let text = '';
    while ([...text].length < length) {
      const r = random();
      if (emojis && r < 0.05) text += emoji[Math.floor(random() * emoji.length)];
      else if (accents && r < 0.15) text += pick(pools[1] as string, random());
      else if (r < 0.25) text += pick(pools[2] as string, random());
      else if (r < 0.27) text += '\n';
      else text += pick(pools[0] as string, random());
    }
    texts.push(text);
  }
  return texts.map(normalizeSms);
}
const pick = (pool: string, r: number) => [...pool][Math.floor(r * [...pool].length)] as string;

describe(`countSms agrees with ${JUDGE.name} ${JUDGE.version} (Twilio's segment calculator)`, () => {
  const texts = corpus();

  it(`on a corpus of ${texts.length} texts: encoding and parts, text by text`, () => {
    expect(texts.length).toBeGreaterThan(500);
    // the corpus keeps to what the judge counts as a carrier does (see corpus())
    for (const t of texts)
      expect(smsCharacters(t).every((g) => [...g].length === 1) && !t.includes('\r')).toBe(true);
    const disagreements = texts
      .map((text) => ({ text, product: countSms(text), judge: judge(text) }))
      .filter((r) => r.product.encoding !== r.judge.encoding || r.product.parts !== r.judge.parts)
      .map((r) => ({
        text: r.text,
        product: [r.product.encoding, r.product.parts],
        judge: [r.judge.encoding, r.judge.parts],
      }));
    expect(disagreements).toEqual([]);
  }, 120_000);
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
    // issue 39: decomposed accents (NFC first: ç is not GSM-7, Ç is), the backtick, a stray mark
    ['Ac\u0327a\u0303o', 'Acao'],
    ['C\u0327 e c\u0327', 'Ç e c'],
    ['Cafe\u0301', 'Café'],
    ['`crase` e ´agudo´', "'crase' e 'agudo'"],
    ['x\u0301', 'x'],
  ])('%s → %s', (text, fixed) => {
    expect(toGsm(text)).toBe(fixed);
  });

  it('makes a decomposed Portuguese text GSM-7', () => {
    const fixed = toGsm('Reunia\u0303o na associac\u0327a\u0303o');
    expect(fixed).toBe('Reuniao na associacao');
    expect(countSms(fixed)).toMatchObject({ encoding: 'GSM-7', nonGsm: [] });
  });

  it('makes a Portuguese text GSM-7 (emoji aside)', () => {
    const fixed = toGsm('Reunião às 19h na associação: não falte, é importante!');
    expect(countSms(fixed)).toMatchObject({ encoding: 'GSM-7', nonGsm: [] });
  });
});
