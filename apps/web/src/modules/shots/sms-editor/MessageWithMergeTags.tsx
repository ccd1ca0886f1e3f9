import { SMS_TEXTS } from '@mandato/domain';
import { type GetRef, Input } from 'antd';
import { useRef } from 'react';
import { MergeTagMenu } from '../editor/MergeTagMenu.tsx';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/** The SMS message with the 'Campos personalizados' menu, which inserts a tag at the cursor. */
export function MessageWithMergeTags({
  id,
  value,
  describedBy,
  invalid,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  /** the counter and the encoding line */
  describedBy: string;
  invalid: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const area = useRef<TextAreaRef>(null);
  return (
    <div className="sms-message">
      <Input.TextArea
        id={id}
        ref={area}
        aria-required
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoSize={{ minRows: 4, maxRows: 10 }}
        placeholder={SMS_TEXTS.messagePlaceholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <MergeTagMenu
        field={() => area.current?.resizableTextArea?.textArea}
        value={value}
        onChange={onChange}
        style={{ marginTop: 8 }}
      />
    </div>
  );
}
