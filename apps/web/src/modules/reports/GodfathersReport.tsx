import {
  GODFATHERS_PAGE_SIZE,
  type GodfatherOrdering,
  type GodfatherRow,
  REPORT_MESSAGES,
  REPORT_TEXTS,
  reachedPercentage,
} from '@mandato/domain';
import { Button, Card, Progress, Table, type TableProps } from 'antd';
import { useRef, useState } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import type { GodfathersRequest } from './api.ts';
import { useExportGodfathers, useGodfathers } from './hooks/useReports.ts';
import { ReportShell } from './ReportsPage.tsx';
import { useScrollableTables } from './useScrollableTables.ts';

const number = new Intl.NumberFormat('pt-BR');

/** 'Alcançado / Meta': affiliates over the goal, with the share. */
function Reached({ row }: { row: GodfatherRow }) {
  const share = reachedPercentage(row);
  const text = `${number.format(row.totalAffiliates)} / ${row.influence > 0 ? number.format(row.influence) : REPORT_TEXTS.noGoal}`;
  return (
    <div style={{ minWidth: 120 }}>
      <div>{text}</div>
      {share !== null && (
        <Progress
          percent={Math.min(100, share)}
          size="small"
          format={() => `${number.format(share)}%`}
          aria-label={`${REPORT_TEXTS.reachedGoal}: ${text}`}
        />
      )}
    </div>
  );
}

/** 'Apadrinhados': godfathers by totalAffiliates descending (spec 2 §9), paged, with export. */
export function GodfathersReport({ base }: { base: string }) {
  const [query, setQuery] = useState<GodfathersRequest>({
    page: 1,
    itemsPerPage: GODFATHERS_PAGE_SIZE,
    orderingCriteria: 'totalAffiliates',
    orderingAscending: false,
  });
  const godfathers = useGodfathers(query);
  const mobile = useIsMobile();
  const tableRef = useRef<HTMLDivElement>(null);
  useScrollableTables(tableRef, REPORT_TEXTS.godfathers);
  const exporter = useExportGodfathers();
  const sortOrder = (key: GodfatherOrdering) =>
    query.orderingCriteria === key
      ? query.orderingAscending
        ? ('ascend' as const)
        : ('descend' as const)
      : null;

  const columns: TableProps<GodfatherRow>['columns'] = [
    { title: REPORT_TEXTS.name, dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrder('name') },
    {
      title: REPORT_TEXTS.totalAffiliates,
      dataIndex: 'totalAffiliates',
      key: 'totalAffiliates',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('totalAffiliates'),
      render: (v: number) => number.format(v),
    },
    {
      title: REPORT_TEXTS.influence,
      dataIndex: 'influence',
      key: 'influence',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('influence'),
      render: (v: number) => (v > 0 ? number.format(v) : '–'),
    },
    { title: REPORT_TEXTS.reachedGoal, key: 'reached', render: (_: unknown, row) => <Reached row={row} /> },
  ];
  // below 768 px: name and 'Alcançado / Meta' (which holds both figures), no sideways scroll
  const shown = mobile ? columns.filter((c) => c.key === 'name' || c.key === 'reached') : columns;

  return (
    <ReportShell
      base={base}
      title={REPORT_TEXTS.godfathers}
      extra={
        <Button
          type="primary"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate({
              orderingCriteria: query.orderingCriteria,
              orderingAscending: query.orderingAscending,
            })
          }
        >
          {REPORT_TEXTS.export}
        </Button>
      }
    >
      <Card ref={tableRef}>
        <Table<GodfatherRow>
          rowKey="code"
          size="middle"
          columns={shown}
          dataSource={godfathers.data?.list ?? []}
          loading={godfathers.isFetching}
          locale={{ emptyText: REPORT_MESSAGES.empty }}
          scroll={mobile ? undefined : { x: 560 }}
          data-testid="godfathers-table"
          pagination={{
            current: query.page,
            pageSize: query.itemsPerPage,
            total: godfathers.data?.total ?? 0,
            showSizeChanger: true,
            size: 'small',
            showTotal: (total) => `Total: ${number.format(total)}`,
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = (s?.order ? s.columnKey : undefined) as GodfatherOrdering | undefined;
            const criteria = key ?? 'totalAffiliates';
            const ascending = key ? s?.order === 'ascend' : false;
            const reordered = criteria !== query.orderingCriteria || ascending !== query.orderingAscending;
            setQuery({
              page: reordered ? 1 : (pagination.current ?? 1),
              itemsPerPage: pagination.pageSize ?? GODFATHERS_PAGE_SIZE,
              orderingCriteria: criteria,
              orderingAscending: ascending,
            });
          }}
        />
      </Card>
    </ReportShell>
  );
}
