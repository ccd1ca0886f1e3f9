import { SEGMENT_TYPE_LABELS } from '@mandato/domain';
import { Card, Empty } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useSegment } from '../segments/hooks/useSegments.ts';
import { useTypeParam } from './useTypeParam.ts';

/** /pessoas/exportar/{segmentType}: "Exportar <segment name>" and the history placeholder. */
export function ExportPage() {
  const { slug, type } = useTypeParam();
  const [params] = useSearchParams();
  const listCode = Number(params.get('lista')) || undefined;
  const segment = useSegment(listCode, !!listCode && !!type);
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
