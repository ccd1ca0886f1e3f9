import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brDateToIso,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isoDateToBr,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidIsoDate,
  isValidPhone,
  onlyDigits,
  whatsappLink,
} from './validators.ts';

/**
 * Reference check digits, written the other usual way (sum × 10 mod 11, 10 → 0) so the tests do
 * not re-run the code under test.
 */
function referenceDigit(digits: readonly number[], firstWeight: number): number {
  let sum = 0;
  digits.forEach((d, i) => {
    sum += d * (firstWeight - i);
  });
  const dv = (sum * 10) % 11;
  return dv === 10 ? 0 : dv;
}
const referenceCpf = (body: readonly number[]) => {
  const first = referenceDigit(body, 10);
  return [...body, first, referenceDigit([...body, first], 11)].join('');
};
/** CNPJ weights run 2..9 from the right, repeating. */
function referenceCnpjDigit(digits: readonly number[]): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    sum += d * ((i % 8) + 2);
  });
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}
const referenceCnpj = (body: readonly number[]) => {
  const first = referenceCnpjDigit(body);
  return [...body, first, referenceCnpjDigit([...body, first])].join('');
};
const isReferenceCpf = (d: string) =>
  /^\d{11}$/.test(d) && !/^(\d)\1+$/.test(d) && referenceCpf([...d.slice(0, 9)].map(Number)) === d;

const notAllEqual = (ds: number[]) => ds.some((d) => d !== ds[0]);
const cpfBody = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).filter(notAllEqual);
const cnpjBody = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .filter(notAllEqual);
const bump = (digits: string, at: number, by: number) =>
  digits.slice(0, at) + String((Number(digits[at]) + by) % 10) + digits.slice(at + 1);

describe('CPF', () => {
  it('accepts valid numbers with and without the mask', () => {
    for (const cpf of ['52998224725', '529.982.247-25', '111.444.777-35', '11144477735', ' 529 982 247 25 '])
      expect(isValidCpf(cpf), cpf).toBe(true);
  });

  it('refuses wrong check digits, repeated digits, wrong lengths and letters', () => {
    for (const cpf of [
      '529.982.247-24',
      '529.982.247-15',
      '111.444.777-53',
      '111.111.111-11',
      '000.000.000-00',
      '99999999999',
      '5299822472',
      '529982247250',
      '',
      'abc.def.ghi-jk',
    ])
      expect(isValidCpf(cpf), cpf).toBe(false);
  });

  it('ignores letters mixed into the digits (only the digits count)', () => {
    // onlyDigits strips everything else: the form masks, but also stray letters
    expect(isValidCpf('529a982b247c25')).toBe(true);
  });

  it('a generated valid CPF always validates, masked or not', () => {
    fc.assert(
      fc.property(cpfBody, (body) => {
        const cpf = referenceCpf(body);
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
      }),
    );
  });

  it('changing a check digit always breaks it', () => {
    fc.assert(
      fc.property(cpfBody, fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 }), (body, at, by) => {
        expect(isValidCpf(bump(referenceCpf(body), at, by))).toBe(false);
      }),
    );
  });

  it('after changing any one digit it agrees with the reference algorithm', () => {
    fc.assert(
      fc.property(
        cpfBody,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (body, at, by) => {
          const changed = bump(referenceCpf(body), at, by);
          expect(isValidCpf(changed)).toBe(isReferenceCpf(changed));
        },
      ),
    );
    // mod 11 maps both remainders 0 and 1 to 0, so a one-digit change can land on another valid CPF
    expect(isValidCpf('100.000.063-00')).toBe(true);
    expect(isValidCpf('200.000.063-00')).toBe(true);
  });
});

describe('CNPJ', () => {
  it('accepts valid numbers with and without the mask', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '45.997.418/0001-53', '45997418000153'])
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });

  it('refuses wrong check digits, repeated digits, wrong lengths and letters', () => {
    for (const cnpj of [
      '11.222.333/0001-82',
      '11.222.333/0001-91',
      '45.997.418/0001-35',
      '11.111.111/1111-11',
      '00000000000000',
      '1122233300018',
      '112223330001810',
      '52998224725',
      '',
      'ab.cde.fgh/ijkl-mn',
    ])
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
  });

  it('a generated valid CNPJ always validates, masked or not; a changed check digit never does', () => {
    fc.assert(
      fc.property(cnpjBody, fc.constantFrom(12, 13), fc.integer({ min: 1, max: 9 }), (body, at, by) => {
        const cnpj = referenceCnpj(body);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
        expect(isValidCnpj(bump(cnpj, at, by))).toBe(false);
      }),
    );
  });
});

describe('phone, CEP and dates', () => {
  it('phones: area code, then a 9-digit mobile starting with 9 or an 8-digit landline from 1 to 6', () => {
    for (const ok of ['(11) 98765-4321', '11987654321', '(21) 3456-7890', '2134567890'])
      expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['(01) 98765-4321', '11887654321', '(21) 7456-7890', '119876543', '1198765432100', ''])
      expect(isValidPhone(bad), bad).toBe(false);
  });

  it('CEP: eight digits, masked or not', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(isValidCep('013101000')).toBe(false);
  });

  it('ISO dates must exist in the calendar', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-04-31')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-1-01')).toBe(false);
    expect(isValidIsoDate('2024-01-01T00:00')).toBe(false);
  });

  it('DD/MM/YYYY ↔ YYYY-MM-DD, from 1901', () => {
    expect(brDateToIso('29/02/2024')).toBe('2024-02-29');
    expect(brDateToIso(' 01/01/1901 ')).toBe('1901-01-01');
    expect(brDateToIso('31/12/1900')).toBeUndefined();
    expect(brDateToIso('29/02/2023')).toBeUndefined();
    expect(brDateToIso('2024-02-29')).toBeUndefined();
    expect(isoDateToBr('2024-02-29 10:00:00')).toBe('29/02/2024');
  });
});

describe('masks', () => {
  it('formats as the user types', () => {
    expect(onlyDigits('(11) 9.8765-4321')).toBe('11987654321');
    // the CPF mask starts at nine digits
    expect(formatCpf('5299822')).toBe('5299822');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529982247259999')).toBe('529.982.247-25');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('2134567890')).toBe('(21) 3456-7890');
    expect(formatPhone('11')).toBe('11');
    expect(whatsappLink('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
  });
});
