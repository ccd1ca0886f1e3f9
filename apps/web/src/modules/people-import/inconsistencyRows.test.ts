import { describe, expect, it } from 'vitest';
import { inconsistencyRows } from './InconsistenciesModal.tsx';

describe('inconsistencyRows', () => {
  it('lists each line with its failures, column first', () => {
    expect(
      inconsistencyRows({
        '3': { email: ['Email inválido'], data: ['Data inválida! (dd/mm/aaaa)'] },
        cabeçalho: ['Coluna(s) ausente(s) no cabeçalho: nome'],
      }),
    ).toEqual([
      { line: '3', failures: ['email: Email inválido', 'data: Data inválida! (dd/mm/aaaa)'] },
      { line: 'cabeçalho', failures: ['Coluna(s) ausente(s) no cabeçalho: nome'] },
    ]);
  });

  it('ignores what is not an errors object', () => {
    expect(inconsistencyRows(undefined)).toEqual([]);
    expect(inconsistencyRows('x')).toEqual([]);
    expect(inconsistencyRows({ '2': { nome: [1, 'Máximo de 250 caracteres'] } })).toEqual([
      { line: '2', failures: ['nome: Máximo de 250 caracteres'] },
    ]);
  });
});
