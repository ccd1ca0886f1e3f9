import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Marketing — Campanhas de e-mail e SMS aparecerão aqui. */
export function MarketingPage() {
  return (
    <PageShell title="Marketing">
      <EmptyState hint="Campanhas de e-mail e SMS aparecerão aqui." />
    </PageShell>
  );
}
