import { FormField } from './FormField.tsx';
import type { BoundFieldProps, KeysOfType } from './fieldForm.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { MaskName } from './masks.ts';

/** A labelled masked input (phone, CPF, CNPJ, date…) bound to a string value of the form. */
export function MaskedField<V, K extends KeysOfType<V, string>>({
  form,
  name,
  id,
  label,
  required,
  mask,
  placeholder,
}: BoundFieldProps<V, K> & { mask: MaskName; placeholder?: string }) {
  return (
    <FormField id={id} label={label} error={form.errors[name]} required={required}>
      <MaskedInput
        id={id}
        mask={mask}
        placeholder={placeholder}
        value={form.values[name] as string}
        onChange={(v) => form.set(name, v as V[K])}
      />
    </FormField>
  );
}
