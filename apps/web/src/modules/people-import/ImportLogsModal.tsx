import {
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_MESSAGES,
  IMPORT_PAGE_TEXTS,
  type ImportLog,
  type ImportLogEntry,
} from '@mandato/domain';
import { Modal, Table } from 'antd';
import { useState } from 'react';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { useImportLogs } from './hooks/useImports.ts';

/** 'Logs' of one import (spec 2 §2): 'Cód. Contato' and 'Erro', with the spreadsheet line. */
export function ImportLogsModal({ log, onClose }: { log: ImportLog | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const logs = useImportLogs(log?.code ?? null, page);
  return (
    <Modal
      open={log !== null}
      title={IMPORT_MESSAGES.logsTitle}
      onCancel={() => {
        setPage(1);
        onClose();
      }}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Table<ImportLogEntry>
        rowKey={(entry) => `${entry.line}-${entry.recordPK ?? ''}-${entry.text}`}
        size="small"
        loading={logs.isLoading}
        dataSource={logs.data?.list ?? []}
        locale={{ emptyText: IMPORT_PAGE_TEXTS.emptyLogs }}
        pagination={historyPagination(page, IMPORT_HISTORY_PAGE_SIZE, logs.data?.total ?? 0, setPage)}
        columns={[
          { key: 'line', title: IMPORT_PAGE_TEXTS.columns.line, dataIndex: 'line', width: 80 },
          {
            key: 'contact',
            title: IMPORT_PAGE_TEXTS.columns.contact,
            dataIndex: 'recordPK',
            width: 120,
            render: (code: number | null) => code ?? '—',
          },
          { key: 'error', title: IMPORT_PAGE_TEXTS.columns.error, dataIndex: 'text' },
        ]}
      />
    </Modal>
  );
}
