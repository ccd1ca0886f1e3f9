import { PlusOutlined } from '@ant-design/icons';
import {
  canAccess,
  DEMAND_PAGE_SIZE,
  DEMAND_STATUS_LABELS,
  DEMAND_TEXTS,
  type Demand,
} from '@mandato/domain';
import { Alert, Button, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../platform/dateFormat.ts';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { DemandDialog } from './DemandDialog.tsx';
import { useDemands } from './hooks/useDemands.ts';
import { NewDemandDialog } from './NewDemandDialog.tsx';

const T = DEMAND_TEXTS;

/** 'DD/MM/AAAA' of an instant (the list's Data column and the dialog title). */
export const demandDate = (iso: string) => formatDate(iso);

const applicantOf = (d: Demand) => d.applicantName ?? T.hiddenApplicant(d.applicant);

const columns: TableColumnsType<Demand> = [
  { key: 'title', title: T.columns.title, dataIndex: 'title' },
  { key: 'applicant', title: T.columns.applicant, render: (_, d) => applicantOf(d) },
  { key: 'status', title: T.columns.status, render: (_, d) => DEMAND_STATUS_LABELS[d.status] },
  { key: 'createdAt', title: T.columns.createdAt, render: (_, d) => demandDate(d.createdAt) },
];

/** At 390 px: title over applicant, status over date (no sideways scroll). */
const mobileColumns: TableColumnsType<Demand> = [
  {
    key: 'title',
    title: `${T.columns.title} / ${T.columns.applicant}`,
    render: (_, d) => (
      <>
        <div>{d.title}</div>
        <Typography.Text type="secondary">{applicantOf(d)}</Typography.Text>
      </>
    ),
  },
  {
    key: 'status',
    title: `${T.columns.status} / ${T.columns.createdAt}`,
    render: (_, d) => (
      <>
        <div>{DEMAND_STATUS_LABELS[d.status]}</div>
        <Typography.Text type="secondary">{demandDate(d.createdAt)}</Typography.Text>
      </>
    ),
  },
];

/**
 * Gestão de Demandas (spec 3 §2.3): the count line, the table and the read-only dialog; a tenant
 * off the demands allowlist (its demands module) sees the 'não está configurado' text.
 */
export function DemandsPage() {
  const ctx = useAccessContext();
  const mobile = useIsMobile();
  const configured = canAccess(ctx, 'demands');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | undefined>();
  const [creating, setCreating] = useState(false);
  const list = useDemands({ page, itemsPerPage: DEMAND_PAGE_SIZE }, configured);
  const total = list.data?.total ?? 0;

  if (!configured) {
    return (
      <PageShell title={T.title}>
        <Alert type="info" showIcon title={T.notConfigured} />
      </PageShell>
    );
  }

  return (
    <PageShell
      title={T.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {T.add}
        </Button>
      }
    >
      <Typography.Paragraph data-testid="demands-count">
        {list.isLoading ? '\u00a0' : total > 0 ? T.count(total) : T.empty}
      </Typography.Paragraph>
      <Table<Demand>
        rowKey="code"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: T.empty }}
        pagination={historyPagination(page, DEMAND_PAGE_SIZE, total, setPage)}
        onRow={(d) => ({
          onClick: () => setOpen(d.code),
          onKeyDown: (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setOpen(d.code);
            }
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'aria-label': `Demanda #${d.code}: ${d.title}`,
        })}
        columns={mobile ? mobileColumns : columns}
      />
      {open !== undefined && <DemandDialog code={open} onClose={() => setOpen(undefined)} />}
      {creating && <NewDemandDialog onClose={() => setCreating(false)} />}
    </PageShell>
  );
}
