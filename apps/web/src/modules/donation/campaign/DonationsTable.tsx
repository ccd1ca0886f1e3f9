import {
  DONATION_PAGE_SIZES,
  DONATION_TEXTS,
  type DonationInvoice,
  type DonationListQuery,
  formatBrlCents,
  MESSAGES,
} from '@mandato/domain';
import { Table, type TableProps, Tag } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { formatDateTime } from '../../../platform/dateFormat.ts';

const C = DONATION_TEXTS.columns;
type OrderBy = DonationListQuery['orderBy'];

/**
 * The campaign's donations (spec 3 §2.5): date, name, masked CPF, e-mail, masked phone, value and
 * Paga/Pendente, sorted and paged on the server (the query is the parent's).
 */
export function DonationsTable({
  items,
  total,
  loading,
  query,
  onQuery,
}: {
  items: readonly DonationInvoice[];
  total: number;
  loading: boolean;
  query: DonationListQuery;
  onQuery: (query: DonationListQuery) => void;
}) {
  const sortOrder = (key: OrderBy): SortOrder =>
    query.orderBy === key ? (query.ascending ? 'ascend' : 'descend') : null;
  const sortable = (key: OrderBy) => ({
    key,
    sorter: true,
    sortOrder: sortOrder(key),
    showSorterTooltip: false,
  });

  const onChange: TableProps<DonationInvoice>['onChange'] = (pagination, _filters, sorter) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const itemsPerPage = (pagination.pageSize ?? query.itemsPerPage) as DonationListQuery['itemsPerPage'];
    const orderBy = sort?.order ? (sort.columnKey as OrderBy) : 'date';
    const ascending = sort?.order ? sort.order === 'ascend' : false;
    const resorted = orderBy !== query.orderBy || ascending !== query.ascending;
    const resized = itemsPerPage !== query.itemsPerPage;
    onQuery({
      page: resorted || resized ? 1 : (pagination.current ?? 1),
      itemsPerPage,
      orderBy,
      ascending,
    });
  };

  return (
    <Table<DonationInvoice>
      rowKey={(d) => `${d.date}|${d.cpfMasked}|${d.valueCents}|${d.email}`}
      size="small"
      loading={loading}
      dataSource={[...items]}
      locale={{ emptyText: MESSAGES.emptyList }}
      scroll={{ x: 760 }}
      onChange={onChange}
      pagination={{
        current: query.page,
        pageSize: query.itemsPerPage,
        total,
        size: 'small',
        showSizeChanger: true,
        pageSizeOptions: DONATION_PAGE_SIZES.map(String),
      }}
      columns={[
        {
          ...sortable('date'),
          title: C.date,
          render: (_, d) => formatDateTime(d.date),
          width: 132,
        },
        { ...sortable('donorName'), title: C.donorName, dataIndex: 'donorName', ellipsis: true },
        { key: 'cpf', title: C.cpf, dataIndex: 'cpfMasked', width: 124 },
        { key: 'email', title: C.email, dataIndex: 'email', ellipsis: true },
        { key: 'phone', title: C.phone, dataIndex: 'phoneMasked', width: 136 },
        {
          ...sortable('valueCents'),
          title: C.value,
          align: 'right',
          width: 112,
          render: (_, d) => formatBrlCents(d.valueCents),
        },
        {
          ...sortable('status'),
          title: C.status,
          width: 96,
          render: (_, d) =>
            d.status === 'PAID' ? (
              <Tag color="green">{DONATION_TEXTS.invoiceStatus.PAID}</Tag>
            ) : (
              <Tag color="gold">{DONATION_TEXTS.invoiceStatus.PENDING}</Tag>
            ),
        },
      ]}
    />
  );
}
