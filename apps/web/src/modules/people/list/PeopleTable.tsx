import type { Person } from '@mandato/domain';
import { Table, type TableColumnsType } from 'antd';
import type { ListViewProps } from '../../../platform/ui/list/listProps.ts';
import { PhoneLink } from '../../../platform/ui/list/PhoneLink.tsx';
import { RowActions } from '../../../platform/ui/list/RowActions.tsx';
import { TagList } from '../../../platform/ui/list/TagList.tsx';
import { tablePagination } from '../../../platform/ui/list/tablePagination.tsx';
import { orderingFromSorter, sortOrderOf } from '../../../platform/ui/list/tableSorting.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';
import { displayName } from './displayName.ts';
import { InfluencePopover } from './InfluencePopover.tsx';
import { VotePopover } from './VotePopover.tsx';

export interface PeopleListProps extends ListViewProps<Person> {
  /** Opens the 'Acesso e Permissões' dialog; given only for team lists. */
  onPermissions?: (person: Person) => void;
}

/** People and team members on wide screens (spec 2 §2 "List view"). */
export function PeopleTable(props: PeopleListProps) {
  const { rows, total, loading, page, ordering, selected, onSelect, onPage, onOrdering } = props;
  const columns: TableColumnsType<Person> = [
    {
      key: 'vote',
      title: 'Voto',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'vote'),
      render: (_, p) => <VotePopover person={p} />,
    },
    {
      key: 'name',
      title: 'Nome',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'name'),
      render: (_, p) => (
        <button type="button" className="link-button" onClick={() => props.onEdit(p)}>
          {displayName(p.name)}
        </button>
      ),
    },
    { key: 'email', title: 'E-mail', dataIndex: 'email', ellipsis: true },
    { key: 'phone', title: 'Telefone', width: 180, render: (_, p) => <PhoneLink phone={p.cellphone} /> },
    {
      key: 'influence',
      title: 'Influência',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'influence'),
      render: (_, p) => <InfluencePopover person={p} />,
    },
    { key: 'tags', title: 'Tags', render: (_, p) => <TagList tags={p.tags} /> },
    {
      key: 'actions',
      title: 'Ações',
      width: 140,
      render: (_, p) => (
        <RowActions
          onEdit={() => props.onEdit(p)}
          onDelete={() => props.onDelete(p)}
          onPermissions={
            props.onPermissions && p.isUser && p.user ? () => props.onPermissions?.(p) : undefined
          }
        />
      ),
    },
  ];
  return (
    <Table<Person>
      rowKey="code"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: RECORD_TEXTS.emptyRecords }}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
      pagination={tablePagination(page, total)}
      scroll={{ x: 900 }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') onOrdering(orderingFromSorter(sorter));
        else if (extra.action === 'paginate') onPage(pagination.current ?? 1);
      }}
    />
  );
}
