import { PlusOutlined } from '@ant-design/icons';
import { SENDER_STATUS_LABELS, SENDER_TEXTS, type Sender, type SenderStatus } from '@mandato/domain';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { useForbiddenRedirect } from './hooks/useForbiddenRedirect.ts';
import { useRemoveSender, useResendSenderEmail, useSenderStatus, useSenders } from './hooks/useSenders.ts';
import { SenderDialog } from './SenderDialog.tsx';

const T = SENDER_TEXTS;
const PAGE_SIZE = 50;
const STATUS_COLOR: Record<SenderStatus, string> = {
  ACTIVE: 'green',
  INACTIVE: 'default',
  PENDING_VALIDATION: 'gold',
};

/** The row's buttons: by status 'Reenviar', 'Desativar' or 'Ativar' (spec 3 §4), then edit and remove. */
function SenderActions({ sender, onEdit }: { sender: Sender; onEdit: (s: Sender) => void }) {
  const resend = useResendSenderEmail();
  const status = useSenderStatus();
  const remove = useRemoveSender();
  useForbiddenRedirect(resend.error ?? status.error ?? remove.error);
  const who = `${sender.name} (${sender.email})`;
  return (
    <Space wrap size={4}>
      {sender.status === 'PENDING_VALIDATION' && (
        <Button
          size="small"
          loading={resend.isPending}
          aria-label={`${T.resend} ${who}`}
          onClick={() => resend.mutateAsync(sender.code).catch(() => undefined)}
        >
          {T.resend}
        </Button>
      )}
      {sender.status === 'ACTIVE' && (
        <Button
          size="small"
          loading={status.isPending}
          aria-label={`${T.deactivate} ${who}`}
          onClick={() => status.mutateAsync({ code: sender.code, status: 'INACTIVE' }).catch(() => undefined)}
        >
          {T.deactivate}
        </Button>
      )}
      {sender.status === 'INACTIVE' && (
        <Button
          size="small"
          type="primary"
          loading={status.isPending}
          aria-label={`${T.activate} ${who}`}
          onClick={() => status.mutateAsync({ code: sender.code, status: 'ACTIVE' }).catch(() => undefined)}
        >
          {T.activate}
        </Button>
      )}
      <Button size="small" aria-label={`${T.edit} ${who}`} onClick={() => onEdit(sender)}>
        {T.edit}
      </Button>
      <Popconfirm
        title={T.removeConfirm}
        okText="Sim"
        cancelText="Não"
        onConfirm={() => remove.mutateAsync(sender.code).catch(() => undefined)}
      >
        <Button size="small" danger loading={remove.isPending} aria-label={`${T.remove} ${who}`}>
          {T.remove}
        </Button>
      </Popconfirm>
    </Space>
  );
}

const statusTag = (s: Sender) => <Tag color={STATUS_COLOR[s.status]}>{SENDER_STATUS_LABELS[s.status]}</Tag>;

/** Configurações › Marketing › Remetentes (/admin/mkt/remetentes, spec 3 §2.1): table + 'Conta de envio'. */
export function SendersView() {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const senders = useSenders(page, PAGE_SIZE);
  const [editing, setEditing] = useState<Sender | 'new' | null>(null);
  useForbiddenRedirect(senders.error);

  const actions = (s: Sender) => <SenderActions sender={s} onEdit={setEditing} />;
  const columns: TableColumnsType<Sender> = mobile
    ? [
        {
          key: 'sender',
          title: T.name,
          render: (_, s) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>{s.name}</Typography.Text>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{s.email}</Typography.Text>
              {statusTag(s)}
              {actions(s)}
            </Space>
          ),
        },
      ]
    : [
        { key: 'name', title: T.name, dataIndex: 'name' },
        { key: 'email', title: T.email, dataIndex: 'email', render: (email: string) => <span>{email}</span> },
        { key: 'status', title: T.status, render: (_, s) => statusTag(s), width: 180 },
        { key: 'actions', title: T.actions, render: (_, s) => actions(s) },
      ];

  return (
    <section aria-labelledby="senders-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={4} id="senders-title" style={{ margin: 0 }}>
          {T.title}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {T.newSender}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Table<Sender>
        rowKey="code"
        size={mobile ? 'small' : 'middle'}
        loading={senders.isLoading}
        columns={columns}
        dataSource={senders.data?.list ?? []}
        locale={{ emptyText: senders.isError ? T.listLoadError : T.empty }}
        pagination={
          (senders.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: senders.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
      {editing && (
        <SenderDialog sender={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
