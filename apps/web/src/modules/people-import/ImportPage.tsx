import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_MESSAGES, IMPORT_PAGE_TEXTS, type ImportType, SEGMENT_TYPE_LABELS } from '@mandato/domain';
import { Alert, Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { saveBlob } from '../../platform/ui/download.ts';
import { segmentTypeFromPath } from '../segments/segmentTypes.ts';
import { downloadTemplate } from './api.ts';
import { ImportHistory } from './ImportHistory.tsx';
import { ImportModal } from './ImportModal.tsx';
import './import.css';

/**
 * /pessoas/importar/{segmentType} (spec 2 §2): 'Importar' opens the modal; the instructions with
 * the template on the left, 'Histórico de Importações' on the right. Person and team lists only;
 * not offered below 768 px.
 */
export function ImportPage() {
  const { slug = '', type: typePath } = useParams();
  const type = segmentTypeFromPath(typePath);
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  if (!type) return <Navigate to={`/${slug}/pessoas`} replace />;
  const importType: ImportType = type;
  const title = IMPORT_PAGE_TEXTS.pageTitle(SEGMENT_TYPE_LABELS[type]);
  if (mobile) {
    return (
      <PageShell title={title}>
        <Alert type="info" showIcon title={IMPORT_PAGE_TEXTS.smallScreen} />
      </PageShell>
    );
  }

  const template = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadTemplate(), IMPORT_PAGE_TEXTS.templateFileName);
    } catch {
      // the api client has shown the notice
    } finally {
      setDownloading(false);
    }
  };

  return (
    <PageShell
      title={title}
      extra={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
          {IMPORT_PAGE_TEXTS.importButton}
        </Button>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={<h2 className="import-card-title">{IMPORT_PAGE_TEXTS.instructionsTitle}</h2>}>
            <ol className="import-instructions">
              {IMPORT_PAGE_TEXTS.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void template()}>
              {IMPORT_PAGE_TEXTS.templateButton}
            </Button>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={<h2 className="import-card-title">{IMPORT_MESSAGES.historyTitle}</h2>}>
            <ImportHistory />
          </Card>
        </Col>
      </Row>
      <ImportModal type={importType} open={open} onClose={() => setOpen(false)} />
    </PageShell>
  );
}
