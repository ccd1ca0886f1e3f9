import { describe, expect, it } from 'vitest';
import { formatBrDate, MASKS } from './masks.ts';

describe('form masks', () => {
  it('masks dates as 00/00/0000', () => {
    expect(formatBrDate('1')).toBe('1');
    expect(formatBrDate('0102')).toBe('01/02');
    expect(formatBrDate('01021990')).toBe('01/02/1990');
    expect(formatBrDate('01/02/19901')).toBe('01/02/1990');
  });
  it('masks phones by the third digit, CPF, CNPJ and CEP', () => {
    expect(MASKS.phone.format('81987654321')).toBe('(81) 98765-4321');
    expect(MASKS.phone.format('8132654321')).toBe('(81) 3265-4321');
    expect(MASKS.cpf.format('52998224725')).toBe('529.982.247-25');
    expect(MASKS.cnpj.format('11222333000181')).toBe('11.222.333/0001-81');
    expect(MASKS.cep.format('50030230')).toBe('50030-230');
  });
});
