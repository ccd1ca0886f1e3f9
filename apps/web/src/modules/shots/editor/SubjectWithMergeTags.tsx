import { SHOT_EDITOR_TEXTS } from '@mandato/domain';
import { Input, type InputRef, Space } from 'antd';
import { useRef } from 'react';
import { MergeTagMenu } from './MergeTagMenu.tsx';

/** The subject input with the 'Campos personalizados' menu, which inserts a tag at the cursor. */
export function SubjectWithMergeTags({
  id,
  value,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const input = useRef<InputRef>(null);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        ref={input}
        maxLength={250}
        placeholder={SHOT_EDITOR_TEXTS.subjectPlaceholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <MergeTagMenu field={() => input.current?.input} value={value} onChange={onChange} />
    </Space.Compact>
  );
}
