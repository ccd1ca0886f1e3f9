import { describe, expect, it } from 'vitest';
import { isShotEmail, SHOT_EMAIL_MAX_LENGTH, shotAddress, shotMobile } from './recipients.ts';

describe('isShotEmail', () => {
  it('accepts an address with one @ and a dotted domain', () => {
    for (const e of ['ana@exemplo.com.br', 'a.b+c@x.io', 'Ana.Silva@Gabinete.GOV.br', "o'neil@a.b"]) {
      expect(isShotEmail(e), e).toBe(true);
    }
  });

  it('refuses spaces, controls, two @, an undotted or empty-label domain', () => {
    const bad = [
      '',
      'ana',
      'ana@',
      '@exemplo.com',
      'ana@localhost',
      'ana@@exemplo.com',
      'ana@b@exemplo.com',
      'ana silva@exemplo.com',
      ' ana@exemplo.com',
      'ana@exemplo.com ',
      'ana@exemplo..com',
      'ana@.exemplo.com',
      'ana@exemplo.com.',
      'ana\t@exemplo.com',
      'ana@exem\nplo.com',
      'ana\x7f@exemplo.com',
    ];
    for (const e of bad) expect(isShotEmail(e), JSON.stringify(e)).toBe(false);
  });

  it('refuses an address longer than 254 characters', () => {
    const at = (n: number) => `${'a'.repeat(n - '@exemplo.com'.length)}@exemplo.com`;
    expect(isShotEmail(at(SHOT_EMAIL_MAX_LENGTH))).toBe(true);
    expect(isShotEmail(at(SHOT_EMAIL_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('shotMobile', () => {
  it('normalises a valid mobile to 55 + DDD + number, mask or country code or not', () => {
    expect(shotMobile('61988887777')).toBe('5561988887777');
    expect(shotMobile('(61) 98888-7777')).toBe('5561988887777');
    expect(shotMobile('+55 (11) 91234-5678')).toBe('5511912345678');
    expect(shotMobile('55988887777')).toBe('5555988887777'); // DDD 55 (RS), no country code
    expect(shotMobile('5555988887777')).toBe('5555988887777');
  });

  it('refuses landlines, invalid DDDs, wrong lengths and nothing', () => {
    for (const p of ['6133334444', '20988887777', '10988887777', '6198888777', '619888877770', 'abc', '']) {
      expect(shotMobile(p), p).toBeUndefined();
    }
    expect(shotMobile(null)).toBeUndefined();
  });
});

describe('shotAddress', () => {
  it('is the lower-cased e-mail or the normalised mobile', () => {
    expect(shotAddress('EMAIL', 'Ana@Exemplo.COM')).toBe('ana@exemplo.com');
    expect(shotAddress('EMAIL', 'ana')).toBeUndefined();
    expect(shotAddress('EMAIL', null)).toBeUndefined();
    expect(shotAddress('SMS', '61988887777')).toBe('5561988887777');
    expect(shotAddress('SMS', '6133334444')).toBeUndefined();
  });
});
