import { Typography } from 'antd';
import { EmptyState } from '../../platform/layout/EmptyState.tsx';

/** A settings view whose content comes in a later issue. */
export function AdminPlaceholder({ title, hint }: { title: string; hint: string }) {
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <EmptyState hint={hint} />
    </div>
  );
}
