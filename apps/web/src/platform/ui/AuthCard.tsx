import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import './authCard.css';

/** Frame of the public auth pages: logo, title and the form card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <div className="auth-card__brand">
          <img src="/icon.svg" alt="" width={40} height={40} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            Mandato
          </Typography.Title>
        </div>
        <Typography.Title level={4} className="auth-card__title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
