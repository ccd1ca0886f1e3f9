import type { Dispatch, SetStateAction } from 'react';
import { AddressFields } from './AddressFields.tsx';
import type { AddressValues } from './addressValues.ts';

/** The address block of a useValidatedForm whose values hold an `address` (person, company, politician). */
export function FormAddressFields<V extends { address: AddressValues }>({
  form,
  idPrefix,
}: {
  form: {
    values: V;
    errors: Record<string, string>;
    touch: (field: string) => void;
    setValues: Dispatch<SetStateAction<V>>;
  };
  idPrefix: string;
}) {
  return (
    <AddressFields
      idPrefix={idPrefix}
      values={form.values.address}
      errors={form.errors}
      onTouch={form.touch}
      onChange={(address) => form.setValues((prev) => ({ ...prev, address }))}
    />
  );
}
