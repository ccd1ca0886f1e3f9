import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Emendas — As emendas parlamentares aparecerão aqui. */
export function AmendmentsPage() {
  return (
    <PageShell title="Emendas">
      <EmptyState hint="As emendas parlamentares aparecerão aqui." />
    </PageShell>
  );
}
