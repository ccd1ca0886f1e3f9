import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title + actions + content of a module page. */
export function PageShell({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="page-shell" aria-label={title}>
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <Typography.Title level={2} style={{ margin: '0 0 16px' }}>
          {title}
        </Typography.Title>
        {extra}
      </header>
      {children}
    </section>
  );
}
