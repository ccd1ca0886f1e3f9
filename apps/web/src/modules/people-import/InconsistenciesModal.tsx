import { IMPORT_INCONSISTENCIES_PAGE_SIZE, IMPORT_MESSAGES, IMPORT_PAGE_TEXTS } from '@mandato/domain';
import { Modal, Table } from 'antd';

/** One line of the refused file and its failures, ready to show. */
export interface Inconsistency {
  line: string;
  failures: string[];
}

/**
 * The `errors` of a refused file (line → column → messages; a line may also carry plain messages)
 * as rows of 'Inconsistências do arquivo'.
 */
export function inconsistencyRows(errors: unknown): Inconsistency[] {
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors as Record<string, unknown>).map(([line, value]) => {
    const failures: string[] = [];
    const add = (prefix: string, messages: unknown) => {
      for (const m of Array.isArray(messages) ? messages : [messages]) {
        if (typeof m === 'string') failures.push(prefix ? `${prefix}: ${m}` : m);
      }
    };
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [column, messages] of Object.entries(value)) add(column, messages);
    } else {
      add('', value);
    }
    return { line, failures };
  });
}

/** 'Inconsistências do arquivo' (spec 2 §2): Linha / Falhas, 4 a page. */
export function InconsistenciesModal({
  rows,
  open,
  onClose,
}: {
  rows: Inconsistency[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={IMPORT_MESSAGES.inconsistenciesTitle}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Table<Inconsistency>
        rowKey="line"
        size="small"
        data-testid="inconsistencies"
        dataSource={rows}
        pagination={{
          pageSize: IMPORT_INCONSISTENCIES_PAGE_SIZE,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'line', title: IMPORT_PAGE_TEXTS.columns.line, dataIndex: 'line', width: 110 },
          {
            key: 'failures',
            title: IMPORT_PAGE_TEXTS.columns.failures,
            render: (_, row) => (
              <ul className="import-failures">
                {row.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </Modal>
  );
}
