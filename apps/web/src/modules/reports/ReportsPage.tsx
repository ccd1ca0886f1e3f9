import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Relatórios — Relatórios do CRM aparecerão aqui. */
export function ReportsPage() {
  return (
    <PageShell title="Relatórios">
      <EmptyState hint="Relatórios do CRM aparecerão aqui." />
    </PageShell>
  );
}
