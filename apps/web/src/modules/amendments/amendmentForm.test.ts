import { AMENDMENT_TEXTS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { amendmentFormValuesOf, emptyAmendmentForm, validateAmendment } from './amendmentForm.ts';

describe('amendment form', () => {
  it('reads pt-BR money and builds the payload', () => {
    const values = {
      ...emptyAmendmentForm(new Date('2025-05-01T12:00:00Z')),
      title: 'Recife',
      value: '1.234,5',
    };
    expect(validateAmendment(values, 7).payload).toEqual({
      code: 7,
      year: 2025,
      title: 'Recife',
      description: null,
      receiver: null,
      value: '1234.50',
      status: 'ANALISYS',
      contact: null,
    });
  });

  it('says what is missing or wrong', () => {
    const errors = validateAmendment({
      ...emptyAmendmentForm(),
      year: '',
      value: 'abc',
      status: undefined,
    }).errors;
    expect(errors.year).toEqual(['Campo Obrigatório']);
    expect(errors.title).toEqual(['Campo Obrigatório']);
    expect(errors.value).toEqual([AMENDMENT_TEXTS.value]);
    expect(errors.status).toEqual(['Campo Obrigatório']);
    expect(validateAmendment({ ...emptyAmendmentForm(), value: '' }).errors.value).toEqual([
      'Campo Obrigatório',
    ]);
  });

  it('shows a stored amendment in the form', () => {
    expect(
      amendmentFormValuesOf({
        code: 1,
        year: 2024,
        title: 'Olinda',
        description: null,
        receiver: 'Fundo',
        value: '-1500.00',
        status: 'PAID',
        contact: 3,
        contactName: 'Ana',
        createDate: '',
        updateDate: '',
      }),
    ).toMatchObject({ value: '-1.500,00', contact: 3, description: '', year: '2024' });
  });
});
