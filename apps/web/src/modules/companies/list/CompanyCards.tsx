import type { Company } from '@mandato/domain';
import { Empty, Spin } from 'antd';
import { CardListFooter } from '../../../platform/ui/list/CardListFooter.tsx';
import type { ListViewProps } from '../../../platform/ui/list/listProps.ts';
import { PhoneLink } from '../../../platform/ui/list/PhoneLink.tsx';
import { RecordCard } from '../../../platform/ui/list/RecordCard.tsx';
import { RowActions } from '../../../platform/ui/list/RowActions.tsx';
import { TagList } from '../../../platform/ui/list/TagList.tsx';
import { toggleCode } from '../../../platform/ui/list/toggleCode.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';

/** Voting places below 768 px. */
export function CompanyCards(props: ListViewProps<Company>) {
  const { rows, total, loading, page, selected, onSelect, onPage } = props;
  return (
    <Spin spinning={loading}>
      <div className="card-list" data-testid="card-list">
        {rows.length === 0 && !loading && <Empty description={RECORD_TEXTS.emptyRecords} />}
        {rows.map((c) => (
          <RecordCard
            key={c.code}
            title={
              <button type="button" className="link-button" onClick={() => props.onEdit(c)}>
                {c.name}
              </button>
            }
            checked={selected.includes(c.code)}
            onCheck={(checked) => onSelect(toggleCode(selected, c.code, checked))}
            actions={<RowActions onEdit={() => props.onEdit(c)} onDelete={() => props.onDelete(c)} />}
          >
            {c.email && <div>{c.email}</div>}
            <PhoneLink phone={c.phone} />
            {c.tags.length > 0 && <TagList tags={c.tags} />}
          </RecordCard>
        ))}
        <CardListFooter page={page} total={total} onPage={onPage} />
      </div>
    </Spin>
  );
}
