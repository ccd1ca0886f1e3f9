import { InboxOutlined } from '@ant-design/icons';
import {
  IMPORT_MESSAGES,
  IMPORT_PAGE_TEXTS,
  type ImportType,
  UPDATE_BEHAVIOR_HINTS,
  UPDATE_BEHAVIOR_LABELS,
  UPDATE_BEHAVIORS,
  type UpdateBehavior,
} from '@mandato/domain';
import { Alert, Button, Modal, Radio, Space, Steps, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/api/errors.ts';
import { useStartImport } from './hooks/useStartImport.ts';
import { InconsistenciesModal, type Inconsistency, inconsistencyRows } from './InconsistenciesModal.tsx';

/** Spec 2 §4 "Import modal states". */
type ImportState =
  | { kind: 'none' }
  | { kind: 'ongoing' }
  | { kind: 'success' }
  /** a large sheet: answered before its verdict, which the history shows */
  | { kind: 'validating' }
  | { kind: 'failure'; rows: Inconsistency[] }
  | { kind: 'error'; detail?: string };

/**
 * 'Importar' (spec 2 §2, §4): step 1 the duplicate behaviour, step 2 the XLSX upload, then the
 * result alert. While the file is sent and validated everything is locked, the close button too.
 */
export function ImportModal({
  type,
  open,
  onClose,
}: {
  type: ImportType;
  open: boolean;
  onClose: () => void;
}) {
  const [step, setStep] = useState(0);
  const [behavior, setBehavior] = useState<UpdateBehavior | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ kind: 'none' });
  const [showInconsistencies, setShowInconsistencies] = useState(false);
  const start = useStartImport(type);
  const ongoing = state.kind === 'ongoing';

  const close = () => {
    if (ongoing) return;
    setStep(0);
    setBehavior(null);
    setFile(null);
    setState({ kind: 'none' });
    onClose();
  };

  const send = async () => {
    if (!file || !behavior) return;
    setState({ kind: 'ongoing' });
    try {
      const started = await start.mutateAsync({ file, behavior });
      setState({ kind: started.validating ? 'validating' : 'success' });
    } catch (error) {
      if (isApiError(error, 400) && error.body?.message === IMPORT_MESSAGES.inconsistencies) {
        setState({ kind: 'failure', rows: inconsistencyRows(error.body.errors) });
      } else {
        setState({ kind: 'error', detail: isApiError(error) ? error.body?.message : undefined });
      }
    }
  };

  return (
    <Modal
      open={open}
      title={IMPORT_MESSAGES.title}
      onCancel={close}
      closable={!ongoing}
      maskClosable={!ongoing}
      keyboard={!ongoing}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        items={[{ title: IMPORT_PAGE_TEXTS.stepBehavior }, { title: IMPORT_PAGE_TEXTS.stepUpload }]}
        style={{ marginBottom: 16 }}
      />
      {step === 0 ? (
        <fieldset className="import-behaviors">
          <legend>{IMPORT_PAGE_TEXTS.stepBehaviorHint}</legend>
          <Radio.Group value={behavior} onChange={(e) => setBehavior(e.target.value as UpdateBehavior)}>
            <Space direction="vertical">
              {UPDATE_BEHAVIORS.map((b) => (
                <Radio key={b} value={b}>
                  <strong>{UPDATE_BEHAVIOR_LABELS[b]}</strong>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {UPDATE_BEHAVIOR_HINTS[b]}
                  </Typography.Paragraph>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <div className="import-modal__actions">
            <Button type="primary" disabled={!behavior} onClick={() => setStep(1)}>
              {IMPORT_PAGE_TEXTS.next}
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            disabled={ongoing}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setState({ kind: 'none' });
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{IMPORT_PAGE_TEXTS.uploadHint}</p>
            <p className="ant-upload-hint">{IMPORT_MESSAGES.fileHint}</p>
          </Upload.Dragger>
          <ImportResult state={state} onShowInconsistencies={() => setShowInconsistencies(true)} />
          <div className="import-modal__actions">
            <Button disabled={ongoing} onClick={() => setStep(0)}>
              {IMPORT_PAGE_TEXTS.back}
            </Button>
            {state.kind === 'success' || state.kind === 'validating' ? (
              <Button type="primary" onClick={close}>
                {IMPORT_PAGE_TEXTS.close}
              </Button>
            ) : (
              <Button type="primary" disabled={!file} loading={ongoing} onClick={() => void send()}>
                {IMPORT_PAGE_TEXTS.send}
              </Button>
            )}
          </div>
        </>
      )}
      <InconsistenciesModal
        open={showInconsistencies}
        rows={state.kind === 'failure' ? state.rows : []}
        onClose={() => setShowInconsistencies(false)}
      />
    </Modal>
  );
}

function ImportResult({
  state,
  onShowInconsistencies,
}: {
  state: ImportState;
  onShowInconsistencies: () => void;
}) {
  switch (state.kind) {
    case 'ongoing':
      return (
        <Alert className="import-modal__result" type="info" showIcon title={IMPORT_PAGE_TEXTS.sending} />
      );
    case 'success':
      return (
        <Alert
          className="import-modal__result"
          type="success"
          showIcon
          title={IMPORT_MESSAGES.successTitle}
          description={IMPORT_MESSAGES.success}
        />
      );
    case 'validating':
      return (
        <Alert
          className="import-modal__result"
          type="info"
          showIcon
          title={IMPORT_MESSAGES.validatingTitle}
          description={IMPORT_MESSAGES.validatingDetail}
        />
      );
    case 'failure':
      return (
        <Alert
          className="import-modal__result"
          type="error"
          showIcon
          title={IMPORT_MESSAGES.inconsistencies}
          action={
            <Button size="small" danger onClick={onShowInconsistencies}>
              {IMPORT_MESSAGES.seeInconsistencies}
            </Button>
          }
        />
      );
    case 'error':
      return (
        <Alert
          className="import-modal__result"
          type="error"
          showIcon
          title={IMPORT_MESSAGES.validationFailed}
          description={state.detail}
        />
      );
    default:
      return null;
  }
}
