import { MERGE_TAGS, SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Button, Dropdown, Input, type InputRef, Space } from 'antd';
import { useRef } from 'react';

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

  const insertTag = (tag: string) => {
    const el = input.current?.input;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    onChange(`${value.slice(0, start)}${tag}${value.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

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
      <Dropdown
        trigger={['click']}
        menu={{
          items: MERGE_TAGS.map((t) => ({ key: t.tag, label: `${t.label} ${t.tag}` })),
          onClick: ({ key }) => insertTag(key),
        }}
      >
        <Button title={SHOT_EDITOR_TEXTS.insertMergeTag}>{SHOT_TEXTS.mergeTags}</Button>
      </Dropdown>
    </Space.Compact>
  );
}
