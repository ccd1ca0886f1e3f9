import { Input, type InputProps } from 'antd';
import { FormField } from './FormField.tsx';
import type { BoundFieldProps, KeysOfType } from './fieldForm.ts';

/** A labelled text input bound to a string value of the form; `format` rewrites what is typed. */
export function TextField<V, K extends KeysOfType<V, string>>({
  form,
  name,
  id,
  label,
  required,
  format,
  ...input
}: BoundFieldProps<V, K> &
  Pick<InputProps, 'maxLength' | 'type' | 'inputMode'> & { format?: (typed: string) => string }) {
  return (
    <FormField id={id} label={label} error={form.errors[name]} required={required}>
      <Input
        {...input}
        id={id}
        value={form.values[name] as string}
        onChange={(e) => form.set(name, (format ? format(e.target.value) : e.target.value) as V[K])}
      />
    </FormField>
  );
}

/** A labelled text area bound to a string value of the form. */
export function TextAreaField<V, K extends KeysOfType<V, string>>({
  form,
  name,
  id,
  label,
  required,
  maxLength,
  rows,
}: BoundFieldProps<V, K> & { maxLength: number; rows: number }) {
  return (
    <FormField id={id} label={label} error={form.errors[name]} required={required}>
      <Input.TextArea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={form.values[name] as string}
        onChange={(e) => form.set(name, e.target.value as V[K])}
      />
    </FormField>
  );
}
