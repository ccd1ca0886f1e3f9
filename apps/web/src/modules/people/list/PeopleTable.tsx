import type { Person } from '@mandato/domain';
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
import { displayName } from './displayName.ts';
import { InfluencePopover } from './InfluencePopover.tsx';
import { VotePopover } from './VotePopover.tsx';

export interface PeopleListProps extends ListViewProps<Person> {
  /** Opens the 'Acesso e Permissões' dialog; given only for team lists. */
  onPermissions?: (person: Person) => void;
}

/** Edit and remove (two 32 px buttons) or, on team lists, also the permissions key; plus padding. */
const ACTIONS_WIDTH = { person: 84, team: 116 };
/** Tags wrap inside this width (a longer list shows "+n"), leaving the rest of the row to who the person is. */
const TAGS_WIDTH = 100;
/**
 * The room the list has beside the sider at 1280 px. Columns size to their content (auto layout):
 * vote, phone and influence keep one line; a name keeps one line up to 150 px (people.css), then
 * wraps between words; the e-mail takes the room left and wraps after its '@' when it must. Nothing
 * is cut. On narrower screens the table scrolls sideways with the actions column fixed at the right.
 */
const TABLE_MIN_WIDTH = 864;

/** People and team members on wide screens (spec 2 §2 "List view"). */
export function PeopleTable(props: PeopleListProps) {
  const container = useRef<HTMLDivElement>(null);
  useHiddenRowOutOfTabOrder(container);
  const { rows, total, loading, page, ordering, selected, onSelect, onPage, onOrdering } = props;
  const actionsWidth = props.onPermissions ? ACTIONS_WIDTH.team : ACTIONS_WIDTH.person;
  const columns: TableColumnsType<Person> = [
    {
      key: 'vote',
      title: 'Voto',
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
        <button type="button" className="link-button people-table__name" onClick={() => props.onEdit(p)}>
          {displayName(p.name)}
        </button>
      ),
    },
    { key: 'email', title: 'E-mail', render: (_, p) => <EmailText email={p.email} /> },
    { key: 'phone', title: 'Telefone', render: (_, p) => <PhoneLink phone={p.cellphone} /> },
    {
      key: 'influence',
      title: 'Influência',
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'influence'),
      render: (_, p) => <InfluencePopover person={p} />,
    },
    {
      key: 'tags',
      title: 'Tags',
      width: TAGS_WIDTH,
      render: (_, p) => <TagList tags={p.tags} />,
    },
    {
      key: 'actions',
      title: 'Ações',
      width: actionsWidth,
      fixed: 'right',
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
    <div ref={container}>
      <Table<Person>
        rowKey="code"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        locale={{ emptyText: RECORD_TEXTS.emptyRecords }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
        pagination={tablePagination(page, total)}
        className="people-table"
        tableLayout="auto"
        scroll={{ x: TABLE_MIN_WIDTH }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') onOrdering(orderingFromSorter(sorter));
          else if (extra.action === 'paginate') onPage(pagination.current ?? 1);
        }}
      />
    </div>
  );
}
