import { isUnlimited, UNLIMITED_LABEL, usagePercent } from '@mandato/domain';
import { Progress, Typography } from 'antd';

/** One usage bar of the plan card: 'used / total' or 'Ilimitado'. */
export function PlanUsage({
  label,
  used,
  total,
}: {
  label: string;
  used: number | undefined;
  total: number | undefined;
}) {
  const unlimited = isUnlimited(total);
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text>
        {label}: {used ?? '—'} / {unlimited ? UNLIMITED_LABEL : total}
      </Typography.Text>
      {!unlimited && used !== undefined && <Progress percent={Math.min(usagePercent(used, total), 100)} />}
    </div>
  );
}
