import type { Company } from '@mandato/domain';
import { Table, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { EmailText } from '../../../platform/ui/list/EmailText.tsx';
import type { ListViewProps } from '../../../platform/ui/list/listProps.ts';
import { PhoneLink } from '../../../platform/ui/list/PhoneLink.tsx';
import { RowActions } from '../../../platform/ui/list/RowActions.tsx';
import { TagList } from '../../../platform/ui/list/TagList.tsx';
import { tablePagination } from '../../../platform/ui/list/tablePagination.tsx';
import { orderingFromSorter, sortOrderOf } from '../../../platform/ui/list/tableSorting.ts';
import { useHiddenRowOutOfTabOrder } from '../../../platform/ui/list/useHiddenRowOutOfTabOrder.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';

/** Voting places on wide screens: name, e-mail, phone, tags and actions. */
export function CompanyTable(props: ListViewProps<Company>) {
  const container = useRef<HTMLDivElement>(null);
  useHiddenRowOutOfTabOrder(container);
  const { rows, total, loading, page, ordering, selected, onSelect, onPage, onOrdering } = props;
  const columns: TableColumnsType<Company> = [
    {
      key: 'name',
      title: 'Local de votação',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'name'),
      render: (_, c) => (
        <button type="button" className="link-button" onClick={() => props.onEdit(c)}>
          {c.name}
        </button>
      ),
    },
    { key: 'email', title: 'E-mail', render: (_, c) => <EmailText email={c.email} /> },
    { key: 'phone', title: 'Telefone', width: 180, render: (_, c) => <PhoneLink phone={c.phone} /> },
    { key: 'tags', title: 'Tags', render: (_, c) => <TagList tags={c.tags} /> },
    {
      key: 'actions',
      title: 'Ações',
      width: 110,
      render: (_, c) => <RowActions onEdit={() => props.onEdit(c)} onDelete={() => props.onDelete(c)} />,
    },
  ];
  return (
    <div ref={container}>
      <Table<Company>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        locale={{ emptyText: RECORD_TEXTS.emptyRecords }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
        pagination={tablePagination(page, total)}
        scroll={{ x: 700 }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') onOrdering(orderingFromSorter(sorter));
          else if (extra.action === 'paginate') onPage(pagination.current ?? 1);
        }}
      />
    </div>
  );
}
