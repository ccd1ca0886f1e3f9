import type { Dispatch, SetStateAction } from 'react';
import { AddressFields } from './AddressFields.tsx';
import type { AddressValues } from './addressValues.ts';

/** The address block of a useValidatedForm whose values hold an `address` (person, company, politician). */
export function FormAddressFields<V extends { address: AddressValues }>({
  form,
  idPrefix,
  required,
}: {
  form: {
    values: V;
    errors: Record<string, string>;
    touch: (field: string) => void;
    setValues: Dispatch<SetStateAction<V>>;
  };
  idPrefix: string;
  required?: readonly (keyof AddressValues)[];
}) {
  return (
    <AddressFields
      idPrefix={idPrefix}
      required={required}
      values={form.values.address}
      errors={form.errors}
      onTouch={form.touch}
      onChange={(address) => form.setValues((prev) => ({ ...prev, address }))}
    />
  );
}
