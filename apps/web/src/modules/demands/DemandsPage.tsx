import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Demandas — As demandas registradas aparecerão aqui. */
export function DemandsPage() {
  return (
    <PageShell title="Demandas">
      <EmptyState hint="As demandas registradas aparecerão aqui." />
    </PageShell>
  );
}
