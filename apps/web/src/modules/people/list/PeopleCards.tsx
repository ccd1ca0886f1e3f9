import { Empty, Spin } from 'antd';
import { CardListFooter } from '../../../platform/ui/list/CardListFooter.tsx';
import { PhoneLink } from '../../../platform/ui/list/PhoneLink.tsx';
import { RecordCard } from '../../../platform/ui/list/RecordCard.tsx';
import { RowActions } from '../../../platform/ui/list/RowActions.tsx';
import { TagList } from '../../../platform/ui/list/TagList.tsx';
import { toggleCode } from '../../../platform/ui/list/toggleCode.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';
import { displayName } from './displayName.ts';
import { InfluencePopover } from './InfluencePopover.tsx';
import type { PeopleListProps } from './PeopleTable.tsx';
import { VotePopover } from './VotePopover.tsx';

/** People below 768 px: one card per person (spec 2 §2). */
export function PeopleCards(props: PeopleListProps) {
  const { rows, total, loading, page, selected, onSelect, onPage } = props;
  return (
    <Spin spinning={loading}>
      <div className="card-list" data-testid="card-list">
        {rows.length === 0 && !loading && <Empty description={RECORD_TEXTS.emptyRecords} />}
        {rows.map((p) => (
          <RecordCard
            key={p.code}
            title={
              <button type="button" className="link-button" onClick={() => props.onEdit(p)}>
                {displayName(p.name)}
              </button>
            }
            extra={<VotePopover person={p} />}
            checked={selected.includes(p.code)}
            onCheck={(checked) => onSelect(toggleCode(selected, p.code, checked))}
            actions={
              <>
                <InfluencePopover person={p} />
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
