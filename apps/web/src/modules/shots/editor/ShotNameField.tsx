import { SHOT_NAME_MAX, SHOT_TEXTS } from '@mandato/domain';
import { Input, Typography } from 'antd';
import { FormField } from '../../../platform/ui/form/FormField.tsx';

/**
 * The shot's own name (issue 40), which only the team sees: the list shows it instead of the
 * subject or the message; recipients never get it. Optional, one line, at most 120 characters.
 */
export function ShotNameField({
  id,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <>
      <FormField id={id} label={SHOT_TEXTS.name} error={error}>
        <Input
          id={id}
          maxLength={SHOT_NAME_MAX}
          placeholder={SHOT_TEXTS.namePlaceholder}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </FormField>
      <Typography.Paragraph id={`${id}-hint`} type="secondary" style={{ marginTop: -8 }}>
        {SHOT_TEXTS.nameHint}
      </Typography.Paragraph>
    </>
  );
}
