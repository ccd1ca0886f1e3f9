import { ACCOUNT_TEXTS, hasEnoughBalance, type MarketingAccountType } from '@mandato/domain';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useMarketingBalance } from './hooks/useAccounts.ts';

const T = ACCOUNT_TEXTS;

/**
 * The balance of a type (spec 3 §2.1 'balance card'): the credits left (e-mail: people; SMS: message
 * parts). With
 * `contacts` (the shot editors) it also shows the contacts of the send, the balance after it and
 * 'Saldo insuficiente' when balance − contacts is zero or less (§4, `hasEnoughBalance`).
 */
export function MarketingBalanceCard({ type, contacts }: { type: MarketingAccountType; contacts?: number }) {
  const balance = useMarketingBalance(type);
  const value = balance.data?.balance;
  const titleId = `mkt-balance-${type}`;
  return (
    <Card size="small" aria-labelledby={titleId} style={{ minWidth: 220, flex: '1 1 220px' }}>
      <Typography.Text type="secondary" id={titleId}>
        {T.balanceTitle(type)}
      </Typography.Text>
      {balance.isLoading ? (
        <Skeleton active paragraph={false} title={{ width: 120 }} />
      ) : (
        <Typography.Title
          level={3}
          style={{ margin: '4px 0 0' }}
          data-testid={`balance-${type}`}
          aria-label={`${T.balanceTitle(type)}: ${value === undefined ? T.balanceUnknown : T.balanceValue(value, type)}`}
        >
          {value === undefined ? T.balanceUnknown : T.balanceValue(value, type)}
        </Typography.Title>
      )}
      {contacts !== undefined && value !== undefined && (
        <>
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{T.contactsToSend(contacts, type)}</Typography.Text>
          </div>
          <div>
            <Typography.Text type="secondary">{T.balanceAfter(value - contacts, type)}</Typography.Text>
          </div>
          {!hasEnoughBalance(value, contacts) && (
            <Alert type="error" showIcon title={T.insufficientBalance} style={{ marginTop: 8 }} />
          )}
        </>
      )}
    </Card>
  );
}
