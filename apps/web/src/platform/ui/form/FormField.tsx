import { Form } from 'antd';
import type { ReactNode } from 'react';

/** A labelled form field showing its first error (only the errors the form decided to show). */
export function FormField({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}
