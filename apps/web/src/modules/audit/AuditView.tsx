import { DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TEXTS,
  type AuditAction,
  type AuditEntry,
} from '@mandato/domain';
import { Button, DatePicker, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { UserSelect } from '../users/UserSelect.tsx';
import type { AuditFilters } from './api.ts';
import { useAuditLog, useExportAudit } from './hooks/useAudit.ts';
import './audit.css';

const T = AUDIT_TEXTS;
const PAGE_SIZE = 20;

/** '10/03/2026 09:00', in the tenant's zone (the days of the filter are its days too). */
export const auditDate = (iso: string): string => formatDateTime(iso);

const ACTION_COLORS: Readonly<Record<AuditAction, string>> = {
  EXPORT: 'blue',
  PRIVACY_REQUEST: 'purple',
  PRIVACY_FULFIL: 'purple',
  PERMISSION_CHANGE: 'orange',
  BULK_DELETE: 'red',
  MERGE: 'cyan',
  MERGE_UNDO: 'cyan',
  SIGN_IN_NEW_DEVICE: 'gold',
  USER_ACTIVATION: 'orange',
  USER_CREATE: 'orange',
  PERSON_DELETE: 'red',
};

const who = (entry: AuditEntry) =>
  entry.user?.name ?? <Typography.Text type="secondary">{T.system}</Typography.Text>;
const actionTag = (entry: AuditEntry) => (
  <Tag color={ACTION_COLORS[entry.action]}>{AUDIT_ACTION_LABELS[entry.action]}</Tag>
);

const COLUMNS: TableColumnsType<AuditEntry> = [
  { key: 'at', title: T.date, render: (_, entry) => auditDate(entry.at) },
  { key: 'user', title: T.user, render: (_, entry) => who(entry) },
  { key: 'action', title: T.action, render: (_, entry) => actionTag(entry) },
  { key: 'subject', title: T.subject, dataIndex: 'subject' },
];

/** A phone's 390 px: two columns (when and who, what and about whom), each wrapping its text. */
const PHONE_COLUMNS: TableColumnsType<AuditEntry> = [
  {
    key: 'when',
    title: T.whenWho,
    render: (_, entry) => (
      <div className="audit-cell">
        <span>{auditDate(entry.at)}</span>
        <span>{who(entry)}</span>
      </div>
    ),
  },
  {
    key: 'what',
    title: T.whatAbout,
    render: (_, entry) => (
      <div className="audit-cell">
        {actionTag(entry)}
        <span>{entry.subject}</span>
      </div>
    ),
  },
];

/** Configurações › Privacidade › Auditoria: the log with its filters and 'Exportar CSV' (ROLE_CONFIG). */
export function AuditView() {
  const mobile = useIsMobile();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page, PAGE_SIZE);
  const exporting = useExportAudit();

  const filter = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <section aria-labelledby="audit-title" className="audit-view">
      <Typography.Title level={4} id="audit-title" style={{ marginTop: 0 }}>
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <div className="audit-filters">
        <div className="audit-filter">
          <UserSelect
            ariaLabel={T.user}
            placeholder={T.userPlaceholder}
            value={filters.userCode ? [filters.userCode] : []}
            onChange={(codes) => filter({ userCode: codes.at(-1) })}
          />
        </div>
        <Select<AuditAction | ''>
          className="audit-filter"
          aria-label={T.action}
          value={filters.action ?? ''}
          onChange={(action) => filter({ action: action === '' ? undefined : action })}
          options={[
            { value: '', label: T.actionPlaceholder },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
          ]}
        />
        <DatePicker.RangePicker
          className="audit-filter"
          format="DD/MM/YYYY"
          aria-label={T.period}
          placeholder={[T.from, T.to]}
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          onChange={(values) => {
            const [from, to] = values ?? [];
            filter({ from: from?.format('YYYY-MM-DD'), to: to?.format('YYYY-MM-DD') });
          }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate(filters)}
        >
          {T.export}
        </Button>
      </div>
      <Table<AuditEntry>
        className="audit-table"
        rowKey="code"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.items ?? []}
        locale={{ emptyText: T.empty }}
        pagination={historyPagination(page, PAGE_SIZE, log.data?.total ?? 0, setPage)}
        columns={mobile ? PHONE_COLUMNS : COLUMNS}
      />
    </section>
  );
}
