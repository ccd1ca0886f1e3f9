import { MESSAGES } from '@mandato/domain';
import { Card, Empty, Typography } from 'antd';

/** 'Nenhum dado encontrado', with an optional line about what the module will hold. */
export function EmptyState({ hint }: { hint?: string }) {
  return (
    <Card>
      <Empty
        description={
          <>
            <div>{MESSAGES.emptyList}</div>
            {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
          </>
        }
      />
    </Card>
  );
}
