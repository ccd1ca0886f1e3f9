import { PaperClipOutlined } from '@ant-design/icons';
import {
  type CodeName,
  DEMAND_DEFAULT_STATUS,
  DEMAND_FILE_ACCEPT,
  DEMAND_FILE_MAX_BYTES,
  DEMAND_STATUS_LABELS,
  DEMAND_STATUSES,
  DEMAND_TEXTS,
  type DemandStatus,
  MESSAGES,
} from '@mandato/domain';
import { Button, Form, Input, Modal, Select, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { PersonSelectField } from '../../platform/ui/form/PersonSelectField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { notifyError } from '../../platform/ui/notify.ts';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import { useCreateDemand } from './hooks/useDemands.ts';

const T = DEMAND_TEXTS;

export interface NewDemandDialogProps {
  /** The person the demand is of, when opened from the person drawer. */
  applicant?: CodeName;
  onClose: () => void;
}

/** 'Nova demanda': title, description, applicant (person search), status and attachments (50 MB each). */
export function NewDemandDialog({ applicant, onClose }: NewDemandDialogProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [person, setPerson] = useState<number | undefined>(applicant?.code);
  const [status, setStatus] = useState<DemandStatus>(DEMAND_DEFAULT_STATUS);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreateDemand();

  const missing: Record<'title' | 'applicant', string[]> = {
    title: !title.trim() ? [MESSAGES.required] : [],
    applicant: person === undefined ? [MESSAGES.required] : [],
  };
  const [touched, setTouched] = useState(false);
  const shown = (field: 'title' | 'applicant') => (touched ? missing[field] : []).concat(errors[field] ?? []);

  const save = async () => {
    setTouched(true);
    if (missing.title.length || person === undefined) return;
    try {
      await create.mutateAsync({
        payload: { title, description: description || null, applicant: person, status },
        files: files.map((f) => f.originFileObj as File),
      });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  return (
    <Modal
      open
      title={T.newTitle}
      onCancel={onClose}
      width={600}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button key="save" type="primary" loading={create.isPending} onClick={() => void save()}>
          {T.save}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" requiredMark={false}>
        <Form.Item
          label={T.fields.title}
          htmlFor="demand-title"
          validateStatus={shown('title').length ? 'error' : undefined}
          help={shown('title')[0]}
        >
          <Input id="demand-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Form.Item label={T.fields.description} htmlFor="demand-description">
          <Input.TextArea
            id="demand-description"
            value={description}
            maxLength={5000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <PersonSelectField
          label={T.fields.applicant}
          lookup={LOOKUPS.person}
          value={person}
          known={applicant ? [applicant] : undefined}
          onChange={setPerson}
          placeholder={T.applicantSearch}
          error={shown('applicant')[0]}
        />
        <Form.Item label={T.fields.status}>
          <Select<DemandStatus>
            aria-label={T.fields.status}
            value={status}
            onChange={setStatus}
            options={DEMAND_STATUSES.map((s) => ({ value: s, label: DEMAND_STATUS_LABELS[s] }))}
          />
        </Form.Item>
        <Form.Item
          label={T.fields.files}
          extra={<Typography.Text type="secondary">{T.attachHint}</Typography.Text>}
        >
          <Upload
            multiple
            accept={DEMAND_FILE_ACCEPT}
            fileList={files}
            beforeUpload={(file) => {
              if (file.size > DEMAND_FILE_MAX_BYTES) {
                notifyError(T.tooLarge);
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            <Button icon={<PaperClipOutlined />}>{T.attach}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
