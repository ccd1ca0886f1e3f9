import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type Address,
  AddressAnswerSchema,
  type CodeName,
  type CodeNameSchema,
} from '../crm/person.schemas.ts';
import { ErrorAnswerSchema, type ErrorDetails, type ListAnswer, type ListAnswerSchema } from './answers.ts';

describe('API answer schemas', () => {
  it('agree with the types the web app reads', () => {
    expectTypeOf<z.infer<ReturnType<typeof ListAnswerSchema<typeof CodeNameSchema>>>>().toEqualTypeOf<
      ListAnswer<CodeName>
    >();
    expectTypeOf<z.infer<typeof AddressAnswerSchema>>().toEqualTypeOf<Address>();
    expectTypeOf<z.infer<typeof ErrorAnswerSchema>>().toEqualTypeOf<{
      message: string;
      errors?: ErrorDetails;
    }>();
  });

  it('keeps an address to the filled fields', () => {
    expect(AddressAnswerSchema.parse({ city: 'Recife', state: 'PE' })).toEqual({
      city: 'Recife',
      state: 'PE',
    });
    expect(AddressAnswerSchema.safeParse({ city: 1 }).success).toBe(false);
  });

  it('accepts the three shapes of errors, keeping keys such as __proto__', () => {
    for (const errors of ['Dados inválidos', ['a', 'b'], { name: ['Obrigatório'] }, undefined])
      expect(ErrorAnswerSchema.safeParse({ message: 'x', errors }).success).toBe(true);
    for (const errors of [1, [1], { name: 'texto' }, { name: [1] }, null])
      expect(ErrorAnswerSchema.safeParse({ message: 'x', errors }).success).toBe(false);
    const hostile = JSON.parse('{"message":"x","errors":{"__proto__":["Campo informado não existe"]}}');
    expect(JSON.stringify(ErrorAnswerSchema.encode(hostile))).toBe(JSON.stringify(hostile));
  });
});
