import type { CodeName } from '@mandato/domain';
import type { Lookup } from '../autocomplete/lookup.ts';
import { RemoteSelect } from '../autocomplete/RemoteSelect.tsx';
import { FormField } from './FormField.tsx';
import type { BoundFieldProps, KeysOfType } from './fieldForm.ts';

/** A labelled search-as-you-type select of one record (a person, a voting place…) bound to its code. */
export function CodeSelectField<V, K extends KeysOfType<V, number | undefined>>({
  form,
  name,
  id,
  label,
  required,
  lookup,
  known,
  placeholder,
}: BoundFieldProps<V, K> & { lookup: Lookup; known?: CodeName[]; placeholder?: string }) {
  const code = form.values[name] as number | undefined;
  return (
    <FormField id={id} label={label} error={form.errors[name]} required={required}>
      <RemoteSelect
        ariaLabel={label}
        lookup={lookup}
        known={known}
        placeholder={placeholder}
        style={{ width: '100%' }}
        value={code ? [code] : []}
        onChange={(codes) => form.set(name, codes[0] as V[K])}
      />
    </FormField>
  );
}
