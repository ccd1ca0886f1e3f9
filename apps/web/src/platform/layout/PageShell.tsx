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
        {/* the page's h1, at the size of the h2 it used to be */}
        <Typography.Title level={1} style={{ margin: '0 0 16px', fontSize: 30, lineHeight: 1.2667 }}>
          {title}
        </Typography.Title>
        {extra}
      </header>
      {children}
    </section>
  );
}
