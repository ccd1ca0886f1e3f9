import { SHOT_SCREEN_TEXTS } from '@mandato/domain';
import { Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import type { OutboxItem } from '../api.ts';
import { useOutbox } from '../hooks/useOutbox.ts';
import { shotDateTime } from '../shotFormat.ts';
import { markOf } from './markOf.ts';
import { OutboxMessageDialog } from './OutboxMessageDialog.tsx';

const T = SHOT_SCREEN_TEXTS;
const PAGE_SIZE = 50;

/** /marketing/caixa-de-saida: the messages the embedded transport kept, newest first. */
export function OutboxView() {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const outbox = useOutbox(page, PAGE_SIZE);
  useForbiddenRedirect(outbox.error);

  const openButton = (m: OutboxItem) => (
    <Button size="small" aria-label={T.openMessage(m.subject, m.to)} onClick={() => setOpen(m.id)}>
      {T.open}
    </Button>
  );
  const columns: TableColumnsType<OutboxItem> = mobile
    ? [
        {
          key: 'message',
          title: T.subject,
          render: (_, m) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong>{m.subject}</Typography.Text>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{m.to}</Typography.Text>
              <Typography.Text type="secondary">{`${shotDateTime(m.createdAt)} · ${markOf(m)}`}</Typography.Text>
              {openButton(m)}
            </Space>
          ),
        },
      ]
    : [
        {
          key: 'to',
          title: T.to,
          dataIndex: 'to',
          render: (to: string) => <span style={{ wordBreak: 'break-all' }}>{to}</span>,
        },
        { key: 'subject', title: T.subject, dataIndex: 'subject' },
        { key: 'createdAt', title: T.when, render: (_, m) => shotDateTime(m.createdAt), width: 160 },
        { key: 'marked', title: T.mark, render: (_, m) => markOf(m), width: 130 },
        { key: 'open', title: T.open, render: (_, m) => openButton(m), width: 90 },
      ];

  return (
    <section aria-label={T.outbox}>
      <Typography.Paragraph type="secondary">{T.outboxIntro}</Typography.Paragraph>
      <Table<OutboxItem>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={outbox.isLoading}
        columns={columns}
        dataSource={outbox.data?.list ?? []}
        locale={{ emptyText: outbox.isError ? T.outboxError : T.outboxEmpty }}
        pagination={
          (outbox.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: outbox.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
      {open !== null && <OutboxMessageDialog id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
