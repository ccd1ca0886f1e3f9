import { describe, expect, it } from 'vitest';
import { buildErrorNotice, describeErrors } from './errorNotice.ts';

describe('buildErrorNotice', () => {
  it('takes the title from the response message', () => {
    expect(buildErrorNotice({ message: 'Dados inválidos' }, 'Falhou')).toEqual({ title: 'Dados inválidos' });
  });

  it('falls back to the given text, then to Ops!', () => {
    expect(buildErrorNotice({}, 'Ocorreu algum erro ao salvar')).toEqual({
      title: 'Ocorreu algum erro ao salvar',
    });
    expect(buildErrorNotice(null)).toEqual({ title: 'Ops!' });
    expect(buildErrorNotice({ message: '  ' }, '')).toEqual({ title: 'Ops!' });
  });

  it('describes errors given as a string, an array or field messages', () => {
    expect(buildErrorNotice({ message: 'M', errors: 'um erro' })).toEqual({
      title: 'M',
      description: 'um erro',
    });
    expect(buildErrorNotice({ errors: ['a', 'b'] }).description).toBe('a, b');
    expect(
      buildErrorNotice({ errors: { email: ['E-mail inválido'], name: 'Campo Obrigatório', x: ['p', 'q'] } })
        .description,
    ).toBe('E-mail inválido, Campo Obrigatório, p, q');
  });

  it('omits an empty description', () => {
    expect(describeErrors([])).toBeUndefined();
    expect(describeErrors({})).toBeUndefined();
    expect(describeErrors('')).toBeUndefined();
  });
});
