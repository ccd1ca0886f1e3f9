import { MERGE_TAGS, SHOT_EDITOR_TEXTS, SHOT_TEXTS, SMS_TEXTS } from '@mandato/domain';
import { Button, Dropdown, type GetRef, Input } from 'antd';
import { useRef } from 'react';

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

  const insertTag = (tag: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    onChange(`${value.slice(0, start)}${tag}${value.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

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
      <Dropdown
        trigger={['click']}
        menu={{
          items: MERGE_TAGS.map((t) => ({ key: t.tag, label: `${t.label} ${t.tag}` })),
          onClick: ({ key }) => insertTag(key),
        }}
      >
        <Button title={SHOT_EDITOR_TEXTS.insertMergeTag} style={{ marginTop: 8 }}>
          {SHOT_TEXTS.mergeTags}
        </Button>
      </Dropdown>
    </div>
  );
}
