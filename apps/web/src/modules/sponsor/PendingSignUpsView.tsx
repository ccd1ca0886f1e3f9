import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  SPONSOR_FIELD_LABELS,
  SPONSOR_FIELDS,
  SPONSOR_MESSAGES,
  type SponsorFieldName,
  type SponsorPendingSignUp,
} from '@mandato/domain';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import {
  useConfirmPendingSignUp,
  useDiscardPendingSignUp,
  usePendingSignUps,
} from './hooks/usePendingSignUps.ts';

const T = SPONSOR_MESSAGES;
const PAGE_SIZE = 20;

/** Who the row is about, for the buttons' names: the typed name, else the e-mail, else the contact. */
const whoOf = (p: SponsorPendingSignUp) => p.values.name || p.values.email || p.person.name || '';

function SubmittedValues({ item }: { item: SponsorPendingSignUp }) {
  const filled = SPONSOR_FIELDS.filter((f) => item.values[f]);
  return (
    <div>
      {filled.map((field: SponsorFieldName) => (
        <div key={field}>
          <Typography.Text type="secondary">{SPONSOR_FIELD_LABELS[field]}: </Typography.Text>
          <span style={{ wordBreak: 'break-word' }}>{item.values[field]}</span>
        </div>
      ))}
      <div>
        <Typography.Text type="secondary">{T.consentIp}: </Typography.Text>
        {item.ip}
      </div>
    </div>
  );
}

function Actions({ item, onConfirmed }: { item: SponsorPendingSignUp; onConfirmed?: () => void }) {
  const confirm = useConfirmPendingSignUp(onConfirmed);
  const discard = useDiscardPendingSignUp();
  const who = whoOf(item);
  return (
    <Space wrap size={4}>
      <Button
        type="primary"
        size="small"
        loading={confirm.isPending}
        disabled={discard.isPending}
        aria-label={`${T.pendingConfirm} ${who}`}
        onClick={() => confirm.mutateAsync(item.id).catch(() => undefined)}
      >
        {T.pendingConfirm}
      </Button>
      <Popconfirm
        title={T.pendingDiscardConfirm}
        okText="Sim"
        cancelText="Não"
        onConfirm={() => discard.mutateAsync(item.id).catch(() => undefined)}
      >
        <Button
          size="small"
          danger
          loading={discard.isPending}
          disabled={confirm.isPending}
          aria-label={`${T.pendingDiscard} ${who}`}
        >
          {T.pendingDiscard}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/**
 * Pessoas › 'Cadastros pendentes' (ROLE_CRM): sign-ups through a sponsor link with the e-mail or CPF
 * of a contact the user sees. The public form changed nothing; 'Confirmar' merges the sign-up into
 * the contact (blank fields, godfather, consent), 'Descartar' drops it.
 */
export function PendingSignUpsView({ onConfirmed }: { onConfirmed?: () => void }) {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const [page, setPage] = useState(1);
  const pending = usePendingSignUps(page, PAGE_SIZE);

  const received = (p: SponsorPendingSignUp) => formatDateTime(p.receivedAt);
  const person = (p: SponsorPendingSignUp) => (
    <span>
      {p.person.name || '—'}{' '}
      <Typography.Text type="secondary">({T.pendingPersonCode(p.person.code)})</Typography.Text>
    </span>
  );
  const godfather = (p: SponsorPendingSignUp) =>
    p.godfather ? p.godfather.name || T.pendingPersonCode(p.godfather.code) : '—';
  const actions = (p: SponsorPendingSignUp) => <Actions item={p} onConfirmed={onConfirmed} />;
  const columns: TableColumnsType<SponsorPendingSignUp> = mobile
    ? [
        {
          key: 'sign-up',
          title: T.pendingValues,
          render: (_, p) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text type="secondary">{received(p)}</Typography.Text>
              <SubmittedValues item={p} />
              <div>
                <Typography.Text type="secondary">{T.pendingPerson}: </Typography.Text>
                {person(p)}
              </div>
              <div>
                <Typography.Text type="secondary">{T.pendingGodfather}: </Typography.Text>
                {godfather(p)}
              </div>
              {actions(p)}
            </Space>
          ),
        },
      ]
    : [
        { key: 'received', title: T.pendingReceivedAt, render: (_, p) => received(p), width: 150 },
        { key: 'values', title: T.pendingValues, render: (_, p) => <SubmittedValues item={p} /> },
        { key: 'person', title: T.pendingPerson, render: (_, p) => person(p) },
        { key: 'godfather', title: T.pendingGodfather, render: (_, p) => godfather(p) },
        { key: 'actions', title: T.pendingActions, render: (_, p) => actions(p), width: 220 },
      ];

  return (
    <PageShell
      title={T.pendingTitle}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/${slug}/pessoas`)}>
          {T.pendingBack}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{T.pendingIntro}</Typography.Paragraph>
      <Table<SponsorPendingSignUp>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={pending.isLoading}
        columns={columns}
        dataSource={pending.data?.list ?? []}
        locale={{ emptyText: pending.isError ? T.pendingLoadError : T.pendingEmpty }}
        pagination={
          (pending.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: pending.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
    </PageShell>
  );
}
