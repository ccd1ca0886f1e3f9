import {
  INTERACTION_STATUS_LABELS,
  INTERACTIONS_PAGE_SIZE,
  type Interaction,
  REPORT_MESSAGES,
  REPORT_QUICK_DATES,
  REPORT_TEXTS,
  type ReportQuickDate,
  zonedDate,
} from '@mandato/domain';
import { Badge, Button, Card, Space, Table, type TableProps } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import type { InteractionReportFilters } from './api.ts';
import { useExportInteractionReport, useInteractionReport } from './hooks/useReports.ts';
import { InteractionFiltersDrawer } from './InteractionFiltersDrawer.tsx';
import { ReportShell } from './ReportsPage.tsx';
import { brDate, matchingQuickDate, quickDateRange } from './reportDates.ts';
import { useScrollableTables } from './useScrollableTables.ts';

const number = new Intl.NumberFormat('pt-BR');

/** 'DD/MM/YYYY HH:mm' of an ISO instant, in the tenant's time zone. */
const when = (iso: string) => formatDateTime(iso);

/**
 * Spec 2 §4: yellow IN_PROGRESS, green CONCLUDED, labels not shown (named for screen readers).
 * Shades with at least 3:1 against white (WCAG 1.4.11, non-text contrast): gold-6 and green-7.
 */
const STATUS_COLORS: Record<Interaction['status'], string> = {
  IN_PROGRESS: '#d48806',
  CONCLUDED: '#389e0d',
  CANCELED: '#8c8c8c',
};

function StatusTag({ status }: { status: Interaction['status'] }) {
  const label = INTERACTION_STATUS_LABELS[status];
  return (
    <span
      className="report-status-tag"
      role="img"
      aria-label={label}
      title={label}
      data-status={status}
      style={{ background: STATUS_COLORS[status] }}
    />
  );
}

function activeFilters(f: InteractionReportFilters) {
  return [
    f.personCode,
    f.userResponsibleCode,
    f.status && !f.considerOnlyLateInteractions,
    f.considerOnlyLateInteractions,
    f.personTagCodes.length > 0,
  ].filter(Boolean).length;
}

/** 'Interações': the interaction report with 'Filtros avançados', quick dates, table and export. */
export function InteractionsReport({ base }: { base: string }) {
  const today = zonedDate(new Date());
  const initial = useMemo<InteractionReportFilters>(
    () => ({
      ...quickDateRange('thisMonth', today),
      considerOnlyLateInteractions: false,
      personTagCodes: [],
    }),
    [today],
  );
  const [filters, setFilters] = useState(initial);
  const [chosenQuick, setChosenQuick] = useState<ReportQuickDate>('thisMonth');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(INTERACTIONS_PAGE_SIZE);
  const [drawer, setDrawer] = useState(false);
  const report = useInteractionReport(filters, page, pageSize);
  const mobile = useIsMobile();
  const tableRef = useRef<HTMLDivElement>(null);
  useScrollableTables(tableRef, REPORT_TEXTS.interactions);
  const exporter = useExportInteractionReport();
  const quick = matchingQuickDate(
    filters,
    today,
    REPORT_QUICK_DATES.map((q) => q.key),
    chosenQuick,
  );
  const apply = (next: InteractionReportFilters) => {
    setFilters(next);
    setPage(1);
  };
  const chooseQuick = (key: ReportQuickDate) => {
    setChosenQuick(key);
    apply({ ...filters, ...quickDateRange(key, today) });
  };
  const count = activeFilters(filters);

  const columns: TableProps<Interaction>['columns'] = [
    {
      title: REPORT_TEXTS.status,
      key: 'status',
      width: 90,
      render: (_: unknown, r) => <StatusTag status={r.status} />,
    },
    {
      title: REPORT_TEXTS.beginDate,
      key: 'beginDate',
      width: 150,
      render: (_: unknown, r) => when(r.beginDate),
    },
    {
      title: REPORT_TEXTS.responsible,
      key: 'responsible',
      render: (_: unknown, r) => r.userResponsible?.name ?? '–',
    },
    { title: REPORT_TEXTS.person, key: 'person', render: (_: unknown, r) => r.person.name },
    { title: REPORT_TEXTS.description, dataIndex: 'description', key: 'description', ellipsis: true },
  ];
  // below 768 px: the situation and one column with the rest, stacked, no sideways scroll
  const mobileColumns: TableProps<Interaction>['columns'] = [
    columns[0] as NonNullable<TableProps<Interaction>['columns']>[number],
    {
      title: REPORT_TEXTS.interactions,
      key: 'summary',
      render: (_: unknown, r) => (
        <div>
          <div>
            <strong>{r.person.name}</strong> · {when(r.beginDate)}
          </div>
          <div>
            {REPORT_TEXTS.responsible}: {r.userResponsible?.name ?? '–'}
          </div>
          <div style={{ overflowWrap: 'anywhere' }}>{r.description}</div>
        </div>
      ),
    },
  ];

  return (
    <ReportShell
      base={base}
      title={REPORT_TEXTS.interactions}
      extra={
        <Button type="primary" loading={exporter.isPending} onClick={() => exporter.mutate(filters)}>
          {REPORT_TEXTS.export}
        </Button>
      }
    >
      <div className="reports-toolbar">
        <Badge count={count} size="small" title={REPORT_TEXTS.activeFilters(count)}>
          <Button onClick={() => setDrawer(true)} aria-expanded={drawer}>
            {REPORT_TEXTS.advancedFilters}
          </Button>
        </Badge>
        <Space wrap size={8} role="group" aria-label={REPORT_TEXTS.dateRange}>
          {REPORT_QUICK_DATES.map((q) => (
            <Button
              key={q.key}
              size="small"
              type={quick === q.key ? 'primary' : 'default'}
              aria-pressed={quick === q.key}
              onClick={() => chooseQuick(q.key)}
            >
              {q.label}
            </Button>
          ))}
        </Space>
        <span data-testid="interaction-period">
          {REPORT_TEXTS.dateRange}: {brDate(filters.beginDate)} – {brDate(filters.endDate)}
        </span>
      </div>
      <Card ref={tableRef}>
        <Table<Interaction>
          rowKey="code"
          size="middle"
          columns={mobile ? mobileColumns : columns}
          dataSource={report.data?.list ?? []}
          loading={report.isFetching}
          locale={{ emptyText: REPORT_MESSAGES.empty }}
          scroll={mobile ? undefined : { x: 640 }}
          data-testid="interactions-table"
          pagination={{
            current: page,
            pageSize,
            total: report.data?.total ?? 0,
            size: 'small',
            showSizeChanger: true,
            showTotal: (total) => `Total: ${number.format(total)}`,
            onChange: (p, size) => {
              setPage(size !== pageSize ? 1 : p);
              setPageSize(size);
            },
          }}
        />
      </Card>
      <InteractionFiltersDrawer
        open={drawer}
        value={filters}
        initial={initial}
        onClose={() => setDrawer(false)}
        onApply={(next) => {
          // 'Limpar' goes back to this month
          if (next.beginDate === initial.beginDate && next.endDate === initial.endDate)
            setChosenQuick('thisMonth');
          apply(next);
          setDrawer(false);
        }}
      />
    </ReportShell>
  );
}
