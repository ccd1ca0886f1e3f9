import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Agenda — Seus compromissos e eventos aparecerão aqui. */
export function AgendaPage() {
  return (
    <PageShell title="Agenda">
      <EmptyState hint="Seus compromissos e eventos aparecerão aqui." />
    </PageShell>
  );
}
