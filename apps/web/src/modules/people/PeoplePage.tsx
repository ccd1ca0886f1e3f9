import { defaultPeopleSegment } from '@mandato/domain';
import { Segmented } from 'antd';
import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';

const SEGMENT_LABELS = { person: 'Pessoas', team: 'Equipe' } as const;

/** Pessoas — the exhibition segment defaults to person with CRM, else team (spec 1 §4). */
export function PeoplePage() {
  const ctx = useAccessContext();
  const segment = defaultPeopleSegment(ctx);
  const options = (['person', 'team'] as const)
    .filter((s) =>
      s === 'person' ? ctx.permissions.includes('ROLE_CRM') : ctx.permissions.includes('ROLE_TEAM'),
    )
    .map((s) => ({ value: s, label: SEGMENT_LABELS[s] }));
  return (
    <PageShell
      title="Pessoas"
      extra={
        options.length > 1 && segment ? <Segmented options={options} defaultValue={segment} /> : undefined
      }
    >
      <EmptyState hint="Pessoas, empresas e listas de segmentação aparecerão aqui." />
    </PageShell>
  );
}
