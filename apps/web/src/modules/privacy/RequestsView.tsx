import { PlusOutlined } from '@ant-design/icons';
import { privacyLabel, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { FulfilAction } from './FulfilAction.tsx';
import { usePrivacyRequests } from './hooks/usePrivacyRequests.ts';
import { NewRequestDialog } from './NewRequestDialog.tsx';
import type { PrivacyRequestRow } from './privacyTypes.ts';

const PAGE_SIZE = 20;
const day = (iso: string) => formatDate(iso);

/** The 15-day clock: days left, red once overdue; a handled request shows its status instead. */
export function RequestClock({ request }: { request: PrivacyRequestRow }) {
  if (request.status === 'DONE') {
    return <Tag color="green">{privacyLabel(T.labels.status, request.status)}</Tag>;
  }
  const overdue = request.daysLeft < 0;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text
        strong={overdue || request.daysLeft <= 3}
        type={overdue ? 'danger' : request.daysLeft <= 3 ? 'warning' : undefined}
        data-overdue={overdue || undefined}
      >
        {T.daysLeft(request.daysLeft)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.dueOn(day(request.dueAt))}
      </Typography.Text>
    </Space>
  );
}

const handledBy = (r: PrivacyRequestRow) =>
  r.handledBy ? T.handledOn(r.handledBy.name, r.handledAt ? day(r.handledAt) : '') : T.notHandled;
const kindOf = (r: PrivacyRequestRow) => privacyLabel(T.labels.kind, r.kind);
const channelOf = (r: PrivacyRequestRow) => privacyLabel(T.labels.channel, r.channel);
const action = (r: PrivacyRequestRow) => (r.status === 'OPEN' ? <FulfilAction request={r} /> : null);

/** Configurações › Privacidade (LGPD) › Solicitações de titulares: the list, 'Nova solicitação' and 'Atender'. */
export function RequestsView() {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const requests = usePrivacyRequests({ page, itemsPerPage: PAGE_SIZE });

  const columns: TableColumnsType<PrivacyRequestRow> = mobile
    ? [
        {
          key: 'request',
          title: T.person,
          render: (_, r) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>{r.personName}</Typography.Text>
              <Typography.Text>
                {kindOf(r)} · {channelOf(r)} · {day(r.createdAt)}
              </Typography.Text>
              <RequestClock request={r} />
              {r.handledBy && <Typography.Text type="secondary">{handledBy(r)}</Typography.Text>}
              {action(r)}
            </Space>
          ),
        },
      ]
    : [
        { key: 'person', title: T.person, dataIndex: 'personName' },
        { key: 'kind', title: T.kind, render: (_, r) => kindOf(r) },
        { key: 'channel', title: T.channel, render: (_, r) => channelOf(r) },
        { key: 'createdAt', title: T.createdAt, render: (_, r) => day(r.createdAt) },
        { key: 'clock', title: T.clock, render: (_, r) => <RequestClock request={r} /> },
        { key: 'handledBy', title: T.handledBy, render: (_, r) => handledBy(r) },
        { key: 'actions', title: T.actions, render: (_, r) => action(r) },
      ];

  return (
    <section aria-labelledby="privacy-requests-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={4} id="privacy-requests-title" style={{ margin: 0 }}>
          {T.requestsTitle}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {T.newRequest}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{T.requestsIntro}</Typography.Paragraph>
      <Table<PrivacyRequestRow>
        rowKey="code"
        size={mobile ? 'small' : 'middle'}
        loading={requests.isLoading}
        columns={columns}
        dataSource={requests.data?.items ?? []}
        rowClassName={(r) => (r.status === 'OPEN' && r.daysLeft < 0 ? 'privacy-overdue' : '')}
        locale={{ emptyText: requests.isError ? T.requestsLoadError : T.requestsEmpty }}
        pagination={
          (requests.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: requests.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
      {creating && <NewRequestDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
