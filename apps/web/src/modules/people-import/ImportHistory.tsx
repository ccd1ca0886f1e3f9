import {
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_MESSAGES,
  IMPORT_PAGE_TEXTS,
  type ImportLog,
  importLogTag,
} from '@mandato/domain';
import { Button, Progress, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { useImports } from './hooks/useImports.ts';
import { ImportLogsModal } from './ImportLogsModal.tsx';

const COLUMNS = IMPORT_PAGE_TEXTS.columns;
const TAG_COLORS = { Falha: 'red', Sucesso: 'green', Importando: 'gold' } as const;

function StatusCell({ log }: { log: ImportLog }) {
  const summary = IMPORT_PAGE_TEXTS.summary(log.totalSuccess, log.totalError, log.totalSkip);
  if (log.validating) {
    return (
      <div data-testid="import-validating" role="status">
        {IMPORT_PAGE_TEXTS.validating(log.totalRecords)}
      </div>
    );
  }
  if (log.status === 'IN_PROGRESS') {
    return (
      <div data-testid="import-progress">
        <Progress
          percent={log.totalRecords ? Math.floor((log.rowsDone / log.totalRecords) * 100) : 0}
          size="small"
          aria-label={IMPORT_PAGE_TEXTS.progress(log.rowsDone, log.totalRecords)}
        />
        <span>{IMPORT_PAGE_TEXTS.progress(log.rowsDone, log.totalRecords)}</span>
      </div>
    );
  }
  return (
    <Tooltip title={summary}>
      <span data-testid="import-totals">
        {log.totalSuccess.toLocaleString('pt-BR')}/{log.totalRecords.toLocaleString('pt-BR')}
        {/* the hover summary, also for screen readers */}
        <span className="visually-hidden"> ({summary})</span>
      </span>
    </Tooltip>
  );
}

/**
 * 'Histórico de Importações' (spec 2 §2, §3 "Import log"): date, who, successes over total with the
 * summary on hover (the progress while it runs, refreshed by polling), the state tag and 'Ver log de
 * erros'. 30 a page, newest first.
 */
export function ImportHistory() {
  const [page, setPage] = useState(1);
  const [logsOf, setLogsOf] = useState<ImportLog | null>(null);
  const history = useImports(page);
  return (
    <>
      <Table<ImportLog>
        rowKey="code"
        size="small"
        data-testid="import-history"
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: IMPORT_PAGE_TEXTS.emptyHistory }}
        scroll={{ x: 560 }}
        pagination={historyPagination(page, IMPORT_HISTORY_PAGE_SIZE, history.data?.total ?? 0, setPage)}
        columns={[
          {
            key: 'date',
            title: COLUMNS.date,
            render: (_, log) => formatDateTime(log.createDate),
          },
          {
            key: 'responsible',
            title: COLUMNS.responsible,
            render: (_, log) =>
              log.responsible?.name ?? log.responsiblePersonName ?? IMPORT_PAGE_TEXTS.removedUser,
          },
          { key: 'status', title: COLUMNS.status, render: (_, log) => <StatusCell log={log} /> },
          {
            key: 'state',
            title: COLUMNS.state,
            render: (_, log) => {
              const tag = importLogTag(log);
              return <Tag color={TAG_COLORS[tag]}>{tag}</Tag>;
            },
          },
          {
            key: 'logs',
            title: <span className="visually-hidden">{IMPORT_MESSAGES.seeLog}</span>,
            render: (_, log) =>
              log.totalError > 0 || log.failure ? (
                <Button size="small" onClick={() => setLogsOf(log)}>
                  {IMPORT_MESSAGES.seeLog}
                </Button>
              ) : null,
          },
        ]}
      />
      <ImportLogsModal log={logsOf} onClose={() => setLogsOf(null)} />
    </>
  );
}
