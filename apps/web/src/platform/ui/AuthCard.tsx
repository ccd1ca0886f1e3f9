import type { ReactNode } from 'react';
import './authCard.css';

/**
 * Frame of the public auth pages (the page's main landmark, its title the h1): logo, title and the form card. Plain elements styled like antd's
 * Card and Typography.Title: the login route is the first bundle, and Card alone brings Tabs,
 * Dropdown and Menu into it (apps/web/scripts/check-bundle.mjs).
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          <img src="/icon.svg" alt="" width={40} height={40} />
          <p className="auth-card__name">Mandato</p>
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
