import type { CodeName } from '@mandato/domain';
import { Tag, Tooltip } from 'antd';
import { LIST_TEXTS } from './listTexts.ts';
import './list.css';

const SHOWN = 3;

/**
 * Up to 3 tags, wrapping in their column, and "+n" for the rest. The "+n" is a tab stop: hover and
 * keyboard focus (or a tap) both show every tag, and a screen reader reads them all.
 */
export function TagList({ tags }: { tags: CodeName[] }) {
  if (tags.length === 0) return null;
  const hidden = tags.length - SHOWN;
  const names = tags.map((t) => t.name).join(', ');
  return (
    <span className="tag-list">
      {tags.slice(0, SHOWN).map((t) => (
        <Tag key={t.code} color="blue">
          {t.name}
        </Tag>
      ))}
      {hidden > 0 && (
        <Tooltip title={names} trigger={['hover', 'focus']}>
          <button type="button" className="tag-list__more" aria-label={LIST_TEXTS.moreTags(hidden, names)}>
            <Tag>+{hidden}</Tag>
          </button>
        </Tooltip>
      )}
    </span>
  );
}
