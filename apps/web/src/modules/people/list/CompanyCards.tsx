import type { Company } from '@mandato/domain';
import { Empty, Spin } from 'antd';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { CardListFooter } from './CardListFooter.tsx';
import type { ListViewProps } from './listProps.ts';
import { PhoneLink } from './PhoneLink.tsx';
import { RecordCard } from './RecordCard.tsx';
import { RowActions } from './RowActions.tsx';
import { TagList } from './TagList.tsx';
import { toggleCode } from './toggleCode.ts';

/** Voting places below 768 px. */
export function CompanyCards(props: ListViewProps<Company>) {
  const { rows, total, loading, page, selected, onSelect, onPage } = props;
  return (
    <Spin spinning={loading}>
      <div className="card-list" data-testid="card-list">
        {rows.length === 0 && !loading && <Empty description={PEOPLE_TEXTS.emptyRecords} />}
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
