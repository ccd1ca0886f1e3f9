import { useCallback } from 'react';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { ONE_OF_FIELDS, type PersonFormValues, validatePerson } from './personFormValues.ts';

/** "At least one of name, e-mail or cellphone" shows on name once any of them is touched. */
const REVEALS: Record<string, string[]> = Object.fromEntries(ONE_OF_FIELDS.map((f) => [f, ['name']]));

export function usePersonForm(initial: PersonFormValues, isUser: boolean) {
  const validate = useCallback((values: PersonFormValues) => validatePerson(values, isUser), [isUser]);
  return useValidatedForm(initial, validate, REVEALS);
}
export type PersonForm = ReturnType<typeof usePersonForm>;
