import type { CodeName } from '@mandato/domain';
import { Form } from 'antd';
import type { Lookup } from '../autocomplete/lookup.ts';
import { RemoteSelect } from '../autocomplete/RemoteSelect.tsx';

/**
 * A labelled search-as-you-type select of one person: the code picked, or undefined. `lookup` is
 * the people search (the platform does not know the modules' API); `known` names a code given.
 */
export function PersonSelectField({
  label,
  lookup,
  value,
  onChange,
  known,
  placeholder,
  error,
  required,
}: {
  label: string;
  lookup: Lookup;
  value: number | undefined;
  onChange: (code: number | undefined) => void;
  known?: CodeName[];
  placeholder?: string;
  /** the message shown under the field (the form decides when) */
  error?: string;
  required?: boolean;
}) {
  return (
    <Form.Item label={label} required={required} validateStatus={error ? 'error' : undefined} help={error}>
      <RemoteSelect
        lookup={lookup}
        value={value === undefined ? [] : [value]}
        known={known}
        onChange={(codes) => onChange(codes.at(-1))}
        placeholder={placeholder}
        ariaLabel={label}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
