import {
  PEOPLE_EXPORT_TEXTS,
  PEOPLE_EXPORTS_PAGE_SIZE,
  type PeopleExportLog,
  type PeopleExportStatus,
  type PeopleExportType,
} from '@mandato/domain';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { usePeopleExports } from './hooks/usePeopleExports.ts';

const STATUS_COLORS: Record<PeopleExportStatus, string> = {
  DONE: 'success',
  STARTED: 'processing',
  INTERRUPTED: 'error',
};
const COLUMNS = PEOPLE_EXPORT_TEXTS.columns;

/**
 * 'Histórico de Exportações' of a list type: date, who, which list, rows written and the state,
 * newest first, PEOPLE_EXPORTS_PAGE_SIZE a page (what an LGPD audit asks: who exported what, when).
 */
export function ExportHistory({ type }: { type: PeopleExportType }) {
  const [page, setPage] = useState(1);
  const history = usePeopleExports(type, page);
  return (
    <Table<PeopleExportLog>
      rowKey="code"
      size="small"
      data-testid="export-history"
      loading={history.isFetching}
      dataSource={history.data?.list ?? []}
      locale={{ emptyText: PEOPLE_EXPORT_TEXTS.empty }}
      scroll={{ x: 640 }}
      pagination={historyPagination(page, PEOPLE_EXPORTS_PAGE_SIZE, history.data?.total ?? 0, setPage)}
      columns={[
        {
          key: 'date',
          title: COLUMNS.date,
          dataIndex: 'date',
          render: (date: string) => formatDateTime(date),
        },
        {
          key: 'user',
          title: COLUMNS.user,
          dataIndex: 'userName',
          render: (name: string | null) => name ?? PEOPLE_EXPORT_TEXTS.removedUser,
        },
        {
          key: 'list',
          title: COLUMNS.list,
          dataIndex: 'listName',
          render: (name: string | null) => name ?? PEOPLE_EXPORT_TEXTS.noList,
        },
        {
          key: 'rows',
          title: COLUMNS.rows,
          dataIndex: 'rows',
          align: 'right',
          render: (rows: number) => rows.toLocaleString('pt-BR'),
        },
        {
          key: 'status',
          title: COLUMNS.status,
          dataIndex: 'status',
          render: (status: PeopleExportStatus) => (
            <Tag color={STATUS_COLORS[status]}>{PEOPLE_EXPORT_TEXTS.status[status]}</Tag>
          ),
        },
      ]}
    />
  );
}
