import { SHOT_SCREEN_TEXTS, type ShotType } from '@mandato/domain';
import { Button, Segmented, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import type { OutboxItem } from '../api.ts';
import { useOutbox } from '../hooks/useOutbox.ts';
import { shotDateTime, smsNumber } from '../shotFormat.ts';
import { markOf } from './markOf.ts';
import { OutboxMessageDialog } from './OutboxMessageDialog.tsx';

const T = SHOT_SCREEN_TEXTS;
const PAGE_SIZE = 50;
/** The address's channel switch: ?canal=sms shows the SMS, anything else the e-mails. */
const CHANNEL_PARAM = 'canal';
const CHANNEL_OPTIONS: { value: ShotType; label: string }[] = [
  { value: 'EMAIL', label: T.email },
  { value: 'SMS', label: T.sms },
];

/** What names a message: an e-mail's subject; an SMS is named by its number (its text is in the dialog). */
const titleOf = (m: OutboxItem) => (m.channel === 'SMS' ? T.sms : m.subject || T.noSubject);
const addressOf = (m: OutboxItem) => (m.channel === 'SMS' ? smsNumber(m.to) : m.to);

/** /marketing/caixa-de-saida: the messages the embedded transport kept, newest first, one channel at a time. */
export function OutboxView() {
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const channel: ShotType = params.get(CHANNEL_PARAM) === 'sms' ? 'SMS' : 'EMAIL';
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const outbox = useOutbox(channel, page, PAGE_SIZE);
  useForbiddenRedirect(outbox.error);
  const sms = channel === 'SMS';
  const chooseChannel = (value: ShotType) => {
    setPage(1);
    setParams(value === 'SMS' ? { [CHANNEL_PARAM]: 'sms' } : {}, { replace: true });
  };

  const openButton = (m: OutboxItem) => (
    <Button size="small" aria-label={T.openMessage(titleOf(m), addressOf(m))} onClick={() => setOpen(m.id)}>
      {T.open}
    </Button>
  );
  const columns: TableColumnsType<OutboxItem> = mobile
    ? [
        {
          key: 'message',
          title: sms ? T.to : T.subject,
          render: (_, m) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {sms ? addressOf(m) : titleOf(m)}
              </Typography.Text>
              {!sms && <Typography.Text style={{ wordBreak: 'break-all' }}>{m.to}</Typography.Text>}
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
          render: (_, m) =>
            sms ? (
              <span style={{ whiteSpace: 'nowrap' }}>{addressOf(m)}</span>
            ) : (
              <span style={{ wordBreak: 'break-all' }}>{m.to}</span>
            ),
        },
        ...(sms ? [] : [{ key: 'subject', title: T.subject, dataIndex: 'subject' }]),
        { key: 'createdAt', title: T.when, render: (_, m) => shotDateTime(m.createdAt), width: 160 },
        { key: 'marked', title: T.mark, render: (_, m) => markOf(m), width: 130 },
        { key: 'open', title: T.open, render: (_, m) => openButton(m), width: 90 },
      ];

  return (
    <section aria-label={T.outbox}>
      <Typography.Paragraph type="secondary">{sms ? T.smsOutboxIntro : T.outboxIntro}</Typography.Paragraph>
      <Segmented<ShotType>
        aria-label={T.outboxChannel}
        style={{ marginBottom: 12 }}
        value={channel}
        options={CHANNEL_OPTIONS}
        onChange={chooseChannel}
      />
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
