import type { ReactNode } from 'react';

export type BannerTone = 'info' | 'warning' | 'danger';

/** A top-bar banner: 50 px high, 70 px on small screens (spec 1 §2). */
export function TopBanner({
  tone,
  children,
  onClick,
  testId,
}: {
  tone: BannerTone;
  children: ReactNode;
  onClick?: () => void;
  testId: string;
}) {
  if (onClick) {
    return (
      <button
        type="button"
        className={`top-banner top-banner--${tone}`}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </button>
    );
  }
  return (
    <div className={`top-banner top-banner--${tone}`} role="status" data-testid={testId}>
      {children}
    </div>
  );
}
