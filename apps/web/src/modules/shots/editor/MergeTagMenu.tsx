import { MERGE_TAGS, SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Button, Dropdown } from 'antd';
import type { CSSProperties } from 'react';

const ITEMS = MERGE_TAGS.map((t) => ({ key: t.tag, label: `${t.label} ${t.tag}` }));

/**
 * The 'Campos personalizados' menu of a text field (the e-mail subject, the SMS message): the picked
 * tag replaces the field's selection, or goes at the end when the field has none, and the cursor
 * lands after it.
 */
export function MergeTagMenu({
  field,
  value,
  onChange,
  style,
}: {
  /** the field's element, read when a tag is picked */
  field: () => HTMLInputElement | HTMLTextAreaElement | null | undefined;
  value: string;
  onChange: (value: string) => void;
  style?: CSSProperties;
}) {
  const insertTag = (tag: string) => {
    const el = field();
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    onChange(`${value.slice(0, start)}${tag}${value.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  return (
    <Dropdown trigger={['click']} menu={{ items: ITEMS, onClick: ({ key }) => insertTag(key) }}>
      <Button title={SHOT_EDITOR_TEXTS.insertMergeTag} style={style}>
        {SHOT_TEXTS.mergeTags}
      </Button>
    </Dropdown>
  );
}
