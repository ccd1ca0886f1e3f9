import { UploadOutlined } from '@ant-design/icons';
import { SEGMENT_TYPE_LABELS } from '@mandato/domain';
import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { Navigate } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useTypeParam } from './useTypeParam.ts';

/** /pessoas/importar/{segmentType}: instructions on the left, history on the right (import issue). */
export function ImportPage() {
  const { slug, type } = useTypeParam();
  if (!type) return <Navigate to={`/${slug}/pessoas`} replace />;
  return (
    <PageShell
      title={`Importar ${SEGMENT_TYPE_LABELS[type]}`}
      extra={
        <Button type="primary" icon={<UploadOutlined />} disabled>
          Importar
        </Button>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Card title="Instruções">
            <Typography.Paragraph>Utilize APENAS arquivos XLSX.</Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card title="Histórico de Importações">
            <Empty description="Nenhum dado encontrado" />
          </Card>
        </Col>
      </Row>
    </PageShell>
  );
}
