import { DownloadOutlined } from '@ant-design/icons';
import { PEOPLE_EXPORT_TEXTS, SEGMENT_TYPE_LABELS, SPECIAL_SEGMENT_CODES } from '@mandato/domain';
import { Button, Card } from 'antd';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { useSegment } from '../segments/hooks/useSegments.ts';
import { segmentTypeFromPath, visibleSegmentTypes } from '../segments/segmentTypes.ts';
import { ExportHistory } from './ExportHistory.tsx';
import { useConfirmExport } from './hooks/useConfirmExport.tsx';

/**
 * /{slug}/pessoas/exportar/{segmentType}[?lista=code] (spec 2 §2): 'Exportar <segment name>', the
 * 'Exportar' action for the list (the special list of the type without `lista`) and the
 * 'Histórico de Exportações' of the type. A type that is not a people list, or that the user may
 * not see, goes back to /pessoas.
 */
export function ExportPage() {
  const { slug = '', type: typePath } = useParams();
  const [params] = useSearchParams();
  const ctx = useAccessContext();
  const type = segmentTypeFromPath(typePath);
  const allowed = !!type && visibleSegmentTypes(ctx).includes(type);
  const listCode = Number(params.get('lista')) || (type ? SPECIAL_SEGMENT_CODES[type] : undefined);
  const segment = useSegment(listCode, allowed);
  const { confirm, pending } = useConfirmExport();
  if (!type || !allowed) return <Navigate to={`/${slug}/pessoas`} replace />;
  const list = segment.data?.type === type ? segment.data : undefined;
  return (
    <PageShell
      title={PEOPLE_EXPORT_TEXTS.title(list?.name ?? SEGMENT_TYPE_LABELS[type])}
      extra={
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={pending}
          disabled={!list}
          onClick={() =>
            list && confirm({ type, expression: list.expression, total: list.total, segmentCode: list.code })
          }
        >
          {PEOPLE_EXPORT_TEXTS.action}
        </Button>
      }
    >
      <Card title={PEOPLE_EXPORT_TEXTS.history}>
        <ExportHistory type={type} />
      </Card>
    </PageShell>
  );
}
