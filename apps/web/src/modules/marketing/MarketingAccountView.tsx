import {
  ACCOUNT_HISTORY_PAGE_SIZE,
  ACCOUNT_TEXTS,
  MARKETING_ACCOUNT_TYPE_LABELS,
  MARKETING_ACCOUNT_TYPES,
  type MarketingAccount,
  type MarketingPlan,
} from '@mandato/domain';
import { Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { useMarketingAccounts, useRecurrentPlans } from './hooks/useAccounts.ts';
import { useForbiddenRedirect } from './hooks/useForbiddenRedirect.ts';
import { MarketingBalanceCard } from './MarketingBalanceCard.tsx';

const T = ACCOUNT_TEXTS;
const day = (iso: string) => formatDate(iso);
const count = (n: number) => n.toLocaleString('pt-BR');

const ExtraTag = ({ extra }: { extra: boolean }) => (extra ? <Tag color="gold">{T.extra}</Tag> : null);

const typeCell = (type: MarketingPlan['type'], extra: boolean) => (
  <Space size={4} wrap>
    {MARKETING_ACCOUNT_TYPE_LABELS[type]}
    <ExtraTag extra={extra} />
  </Space>
);

const renewal = (p: MarketingPlan) => (p.periodicity === null ? T.oneOff : T.renewEvery(p.periodicity));

const planColumns: TableColumnsType<MarketingPlan> = [
  { key: 'type', title: T.type, render: (_, p) => typeCell(p.type, p.extra) },
  { key: 'credits', title: T.credits, align: 'right', render: (_, p) => count(p.credits) },
  { key: 'renewal', title: T.renewal, render: (_, p) => renewal(p) },
  { key: 'acquired', title: T.acquiredAt, render: (_, p) => day(p.acquiredDate) },
];

const planMobileColumns: TableColumnsType<MarketingPlan> = [
  {
    key: 'type',
    title: `${T.type} / ${T.renewal}`,
    render: (_, p) => (
      <>
        {typeCell(p.type, p.extra)}
        <div>
          <Typography.Text type="secondary">{renewal(p)}</Typography.Text>
        </div>
      </>
    ),
  },
  {
    key: 'credits',
    title: `${T.credits} / ${T.acquiredAt}`,
    render: (_, p) => (
      <>
        <div>{count(p.credits)}</div>
        <Typography.Text type="secondary">{day(p.acquiredDate)}</Typography.Text>
      </>
    ),
  },
];

const periodType = (a: MarketingAccount) => (
  <Space size={4} wrap>
    {MARKETING_ACCOUNT_TYPE_LABELS[a.type]}
    <ExtraTag extra={a.extra} />
    {a.current && <Tag color="green">{T.current}</Tag>}
  </Space>
);

const historyColumns: TableColumnsType<MarketingAccount> = [
  { key: 'type', title: T.type, render: (_, a) => periodType(a) },
  { key: 'start', title: T.start, render: (_, a) => day(a.initialDate) },
  { key: 'end', title: T.end, render: (_, a) => day(a.endDate) },
  { key: 'purchased', title: T.purchased, align: 'right', render: (_, a) => count(a.purchased) },
  { key: 'used', title: T.used, align: 'right', render: (_, a) => count(a.used) },
];

const historyMobileColumns: TableColumnsType<MarketingAccount> = [
  {
    key: 'type',
    title: `${T.type} / ${T.start} – ${T.end}`,
    render: (_, a) => (
      <>
        {periodType(a)}
        <div>
          <Typography.Text type="secondary">
            {day(a.initialDate)} – {day(a.endDate)}
          </Typography.Text>
        </div>
      </>
    ),
  },
  {
    key: 'credits',
    title: `${T.used} / ${T.purchased}`,
    align: 'right',
    render: (_, a) => `${count(a.used)} / ${count(a.purchased)}`,
  },
];

/**
 * Configurações › Marketing › Plano de Marketing (/admin/mkt/minha-conta, spec 3 §2.1 'Account
 * screen'): the e-mail and SMS balances, the active plans and the history of periods (20 per page).
 */
export function MarketingAccountView() {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const plans = useRecurrentPlans();
  const history = useMarketingAccounts(page);
  useForbiddenRedirect(plans.error ?? history.error);

  return (
    <section aria-labelledby="mkt-account-title">
      <Typography.Title level={4} id="mkt-account-title" style={{ marginTop: 0 }}>
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 24 }}>
        {MARKETING_ACCOUNT_TYPES.map((type) => (
          <MarketingBalanceCard key={type} type={type} />
        ))}
      </div>

      <Typography.Title level={5} id="mkt-plans-title">
        {T.activePlans}
      </Typography.Title>
      <Table<MarketingPlan>
        aria-labelledby="mkt-plans-title"
        rowKey="code"
        size="small"
        loading={plans.isFetching}
        dataSource={plans.data?.list ?? []}
        locale={{ emptyText: T.noPlans }}
        pagination={false}
        columns={mobile ? planMobileColumns : planColumns}
        style={{ marginBottom: 24 }}
      />

      <Typography.Title level={5} id="mkt-history-title">
        {T.history}
      </Typography.Title>
      <Table<MarketingAccount>
        aria-labelledby="mkt-history-title"
        rowKey="code"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: T.noHistory }}
        pagination={historyPagination(page, ACCOUNT_HISTORY_PAGE_SIZE, history.data?.total ?? 0, setPage)}
        columns={mobile ? historyMobileColumns : historyColumns}
      />
    </section>
  );
}
