import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Doações — As doações recebidas aparecerão aqui. */
export function DonationPage() {
  return (
    <PageShell title="Doações">
      <EmptyState hint="As doações recebidas aparecerão aqui." />
    </PageShell>
  );
}
