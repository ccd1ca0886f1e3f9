import { SEGMENT_TYPE_LABELS } from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { crmApi } from '../api/crmApi.ts';
import { useTypeParam } from './useTypeParam.ts';

/** /pessoas/exportar/{segmentType}: "Exportar <segment name>" and the history placeholder. */
export function ExportPage() {
  const { slug, type } = useTypeParam();
  const [params] = useSearchParams();
  const listCode = Number(params.get('lista')) || undefined;
  const segment = useQuery({
    queryKey: ['segments', 'one', listCode],
    queryFn: ({ signal }) => crmApi.segments.get(listCode as number, signal),
    enabled: !!listCode && !!type,
  });
  if (!type) return <Navigate to={`/${slug}/pessoas`} replace />;
  const name = segment.data?.type === type ? segment.data.name : SEGMENT_TYPE_LABELS[type];
  return (
    <PageShell title={`Exportar ${name}`}>
      <Card title="Histórico de Exportações">
        <Empty description="Nenhum dado encontrado" />
      </Card>
    </PageShell>
  );
}
