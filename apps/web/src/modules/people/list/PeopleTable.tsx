import type { Person } from '@mandato/domain';
import { Table, type TableColumnsType } from 'antd';
import { useRef } from 'react';
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
/**
 * The columns' widths add up to the room the list has beside the sider at 1280 px (864 px): names
 * and e-mails longer than their column end in an ellipsis with the whole value in the title. On
 * wider screens every column grows in proportion; on narrower ones the table scrolls sideways with
 * the actions column fixed at the right edge, so no column is drawn over another.
 */
const TABLE_MIN_WIDTH = 864;

/** People and team members on wide screens (spec 2 §2 "List view"). */
export function PeopleTable(props: PeopleListProps) {
  const container = useRef<HTMLDivElement>(null);
  useHiddenRowOutOfTabOrder(container);
  const { rows, total, loading, page, ordering, selected, onSelect, onPage, onOrdering } = props;
  const actionsWidth = props.onPermissions ? ACTIONS_WIDTH.team : ACTIONS_WIDTH.person;
  // the e-mail gives the team list's wider actions column its room
  const emailWidth = 170 - (actionsWidth - ACTIONS_WIDTH.person);
  const columns: TableColumnsType<Person> = [
    {
      key: 'vote',
      title: 'Voto',
      width: 104,
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'vote'),
      render: (_, p) => <VotePopover person={p} />,
    },
    {
      key: 'name',
      title: 'Nome',
      width: 110,
      ellipsis: { showTitle: false },
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'name'),
      render: (_, p) => (
        <button
          type="button"
          className="link-button people-table__name"
          title={displayName(p.name)}
          onClick={() => props.onEdit(p)}
        >
          {displayName(p.name)}
        </button>
      ),
    },
    // long values end in an ellipsis; the cell's title shows the whole address
    { key: 'email', title: 'E-mail', dataIndex: 'email', width: emailWidth, ellipsis: true },
    { key: 'phone', title: 'Telefone', width: 140, render: (_, p) => <PhoneLink phone={p.cellphone} /> },
    {
      key: 'influence',
      title: 'Influência',
      width: 104,
      sorter: true,
      sortOrder: sortOrderOf(ordering, 'influence'),
      render: (_, p) => <InfluencePopover person={p} />,
    },
    {
      key: 'tags',
      title: 'Tags',
      width: 120,
      // tags wrap inside the column; one longer than it ends in an ellipsis (all names in the title)
      render: (_, p) => (
        <div className="people-table__tags" title={p.tags.map((t) => t.name).join(', ') || undefined}>
          <TagList tags={p.tags} />
        </div>
      ),
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
        tableLayout="fixed"
        scroll={{ x: TABLE_MIN_WIDTH }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') onOrdering(orderingFromSorter(sorter));
          else if (extra.action === 'paginate') onPage(pagination.current ?? 1);
        }}
      />
    </div>
  );
}
