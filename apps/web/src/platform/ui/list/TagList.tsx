import type { CodeName } from '@mandato/domain';
import { Tag, Tooltip } from 'antd';

const SHOWN = 3;

/** Up to 3 tags and "+N" with the rest in a tooltip. */
export function TagList({ tags }: { tags: CodeName[] }) {
  const rest = tags.slice(SHOWN);
  return (
    <span>
      {tags.slice(0, SHOWN).map((t) => (
        <Tag key={t.code} color="blue">
          {t.name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((t) => t.name).join(', ')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
