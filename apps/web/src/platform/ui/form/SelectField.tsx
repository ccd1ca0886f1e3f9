import { Select, type SelectProps } from 'antd';
import { FormField } from './FormField.tsx';
import type { BoundFieldProps } from './fieldForm.ts';

/** A labelled select of fixed options bound to a value of the form (cleared to undefined). */
export function SelectField<V, K extends keyof V & string>({
  form,
  name,
  id,
  label,
  required,
  options,
  allowClear,
  showSearch,
  virtual,
}: BoundFieldProps<V, K> & {
  options: { value: NonNullable<V[K]> & (string | number); label: string }[];
} & Pick<SelectProps, 'allowClear' | 'showSearch' | 'virtual'>) {
  return (
    <FormField id={id} label={label} error={form.errors[name]} required={required}>
      <Select
        id={id}
        allowClear={allowClear}
        showSearch={showSearch}
        virtual={virtual}
        value={form.values[name]}
        options={options}
        onChange={(v: V[K]) => form.set(name, v)}
      />
    </FormField>
  );
}
