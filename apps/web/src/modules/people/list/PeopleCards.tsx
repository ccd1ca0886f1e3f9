import { Empty, Spin } from 'antd';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { CardListFooter } from './CardListFooter.tsx';
import { displayName } from './displayName.ts';
import { InfluencePopover } from './InfluencePopover.tsx';
import type { PeopleListProps } from './PeopleTable.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { RecordCard } from './RecordCard.tsx';
import { RowActions } from './RowActions.tsx';
import { TagList } from './TagList.tsx';
import { toggleCode } from './toggleCode.ts';
import { VotePopover } from './VotePopover.tsx';

/** People below 768 px: one card per person (spec 2 §2). */
export function PeopleCards(props: PeopleListProps) {
  const { rows, total, loading, page, selected, onSelect, onPage, onChanged } = props;
  return (
    <Spin spinning={loading}>
      <div className="card-list" data-testid="card-list">
        {rows.length === 0 && !loading && <Empty description={PEOPLE_TEXTS.emptyRecords} />}
        {rows.map((p) => (
          <RecordCard
            key={p.code}
            title={
              <button type="button" className="link-button" onClick={() => props.onEdit(p)}>
                {displayName(p.name)}
              </button>
            }
            extra={<VotePopover person={p} onChanged={onChanged} />}
            checked={selected.includes(p.code)}
            onCheck={(checked) => onSelect(toggleCode(selected, p.code, checked))}
            actions={
              <>
                <InfluencePopover person={p} onChanged={onChanged} />
                <RowActions
                  onEdit={() => props.onEdit(p)}
                  onDelete={() => props.onDelete(p)}
                  onPermissions={
                    props.onPermissions && p.isUser && p.user ? () => props.onPermissions?.(p) : undefined
                  }
                />
              </>
            }
          >
            {p.email && <div>{p.email}</div>}
            <PhoneLink phone={p.cellphone} />
            {p.tags.length > 0 && <TagList tags={p.tags} />}
          </RecordCard>
        ))}
        <CardListFooter page={page} total={total} onPage={onPage} />
      </div>
    </Spin>
  );
}
