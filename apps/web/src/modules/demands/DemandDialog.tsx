import { DownloadOutlined } from '@ant-design/icons';
import {
  DEMAND_STATUS_LABELS,
  DEMAND_STATUSES,
  DEMAND_TEXTS,
  type DemandFile,
  type DemandStatus,
  demandFileLabel,
} from '@mandato/domain';
import { Button, Descriptions, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { saveBlob } from '../../platform/ui/download.ts';
import { downloadDemandFile } from './api.ts';
import { useChangeDemandStatus, useDemand } from './hooks/useDemands.ts';

const T = DEMAND_TEXTS;

function FileLink({ file }: { file: DemandFile }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadDemandFile(file.name), file.originalName);
    } catch {
      // the api client already showed the error notice
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`${demandFileLabel(file)}: ${file.originalName}`}
      title={file.originalName}
    >
      {demandFileLabel(file)}
    </Button>
  );
}

/** 'creation date - Demanda #code (status)' (spec 3 §2.3): read-only, a link per file, the status history. */
export function DemandDialog({ code, onClose }: { code: number; onClose: () => void }) {
  const mobile = useIsMobile();
  const demand = useDemand(code);
  const change = useChangeDemandStatus();
  const d = demand.data;
  const title = d
    ? T.dialogTitle(formatDate(d.createdAt), d.code, DEMAND_STATUS_LABELS[d.status])
    : `Demanda #${code}`;
  return (
    <Modal
      open
      // room for the close button on a narrow screen
      title={<span style={{ display: 'block', paddingRight: 32 }}>{title}</span>}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{T.close}</Button>}
      width={640}
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={1}
            layout={mobile ? 'vertical' : 'horizontal'}
            size="small"
            bordered
            items={[
              { key: 'title', label: T.fields.title, children: d.title },
              {
                key: 'description',
                label: T.fields.description,
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{d.description ?? '—'}</span>,
              },
              {
                key: 'applicant',
                label: T.fields.applicant,
                children: d.applicantName ?? T.hiddenApplicant(d.applicant),
              },
              {
                key: 'files',
                label: T.fields.files,
                children:
                  d.files.length === 0 ? (
                    T.noFiles
                  ) : (
                    <Space wrap>
                      {d.files.map((f) => (
                        <FileLink key={f.name} file={f} />
                      ))}
                    </Space>
                  ),
              },
              {
                key: 'status',
                label: T.changeStatus,
                children: (
                  <Select<DemandStatus>
                    aria-label={T.changeStatus}
                    value={d.status}
                    loading={change.isPending}
                    style={{ minWidth: 200 }}
                    options={DEMAND_STATUSES.map((s) => ({ value: s, label: DEMAND_STATUS_LABELS[s] }))}
                    onChange={(status) => change.mutate({ code: d.code, status })}
                  />
                ),
              },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
            {T.history}
          </Typography.Title>
          <ul style={{ paddingLeft: 20, margin: 0 }}>
            {d.history.map((h) => (
              <li key={`${h.at}-${h.to}`}>
                {T.historyLine(
                  formatDateTime(h.at),
                  h.by ?? '—',
                  h.from ? DEMAND_STATUS_LABELS[h.from] : null,
                  DEMAND_STATUS_LABELS[h.to],
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
