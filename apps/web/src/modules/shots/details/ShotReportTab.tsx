import { SHOT_SCREEN_TEXTS, type ShotReportKey, type ShotType, type SmsShotReportKey } from '@mandato/domain';
import { Alert, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useShotReport } from '../hooks/useShotReports.ts';
import { shotDateTime, smsNumber } from '../shotFormat.ts';

const T = SHOT_SCREEN_TEXTS;
export const REPORT_PAGE_SIZE = 50;

type Row = { key: number; contact: string; message: string; at: string | null };

/** The table's columns: an SMS's contact is a number, shown as '+55 (DD) 9XXXX-XXXX'. */
const columnsOf = (type: ShotType): TableColumnsType<Row> => [
  {
    key: 'contact',
    title: T.contact,
    dataIndex: 'contact',
    render: (c: string) =>
      type === 'SMS' ? (
        <span style={{ whiteSpace: 'nowrap' }}>{smsNumber(c)}</span>
      ) : (
        <span style={{ wordBreak: 'break-all' }}>{c}</span>
      ),
  },
  { key: 'message', title: T.message, dataIndex: 'message' },
  { key: 'at', title: T.when, render: (_, r) => shotDateTime(r.at), width: 160, responsive: ['md'] },
];

/**
 * A details tab (spec 3 §2.1): its total and a paged table of contact and message. The total counts
 * everyone in the tab; the table pages over the ones whose contact the user sees in the CRM (`listed`)
 * and says how many are left out (issue 38).
 */
export function ShotReportTab({
  type,
  code,
  report,
  live,
}: {
  type: ShotType;
  code: number;
  report: ShotReportKey | SmsShotReportKey;
  /** the shot is being sent: the tab reloads every few seconds */
  live: boolean;
}) {
  const [page, setPage] = useState(1);
  const answer = useShotReport(type, code, report, page, REPORT_PAGE_SIZE, live);
  useForbiddenRedirect(answer.error);
  const count = answer.data?.count ?? 0;
  const listed = answer.data?.listed ?? 0;
  return (
    <section>
      {answer.isError ? (
        <Alert type="error" showIcon title={T.reportError} style={{ marginBottom: 12 }} />
      ) : (
        <Typography.Paragraph strong>{answer.data ? T.total(count) : ''}</Typography.Paragraph>
      )}
      {answer.data && listed < count ? (
        <Typography.Paragraph type="secondary">{T.hiddenReceivers(count - listed)}</Typography.Paragraph>
      ) : null}
      <Table<Row>
        size="small"
        loading={answer.isLoading || answer.isPlaceholderData}
        columns={columnsOf(type)}
        dataSource={(answer.data?.list ?? []).map((r, i) => ({ ...r, key: i }))}
        pagination={
          listed > REPORT_PAGE_SIZE
            ? {
                current: page,
                pageSize: REPORT_PAGE_SIZE,
                total: listed,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
    </section>
  );
}
