import {
  MESSAGES,
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KINDS,
  privacyLabel,
  PRIVACY_WEB_TEXTS as T,
} from '@mandato/domain';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { PersonSelectField } from '../../platform/ui/form/PersonSelectField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import { useCreatePrivacyRequest } from './hooks/usePrivacyRequests.ts';
import type { RequestChannel, RequestKind } from './privacyTypes.ts';

type Field = 'personCode' | 'kind' | 'channel' | 'notes';

/** 'Nova solicitação': the person (the people autocomplete), the kind, the channel it came by and notes. */
export function NewRequestDialog({ onClose }: { onClose: () => void }) {
  const [person, setPerson] = useState<number | undefined>();
  const [kind, setKind] = useState<RequestKind | undefined>();
  const [channel, setChannel] = useState<RequestChannel | undefined>();
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreatePrivacyRequest();

  const missing: Record<Field, boolean> = {
    personCode: person === undefined,
    kind: kind === undefined,
    channel: channel === undefined,
    notes: false,
  };
  const shown = (field: Field): string[] => [
    ...(touched && missing[field] ? [MESSAGES.required] : []),
    ...(errors[field] ?? []),
  ];
  const status = (field: Field) => (shown(field).length ? ('error' as const) : undefined);

  const save = async () => {
    setTouched(true);
    if (person === undefined || !kind || !channel) return;
    try {
      await create.mutateAsync({
        personCode: String(person),
        kind,
        channel,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };

  return (
    <Modal
      open
      title={T.newRequestTitle}
      onCancel={onClose}
      width={560}
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
        <PersonSelectField
          label={T.person}
          lookup={LOOKUPS.person}
          value={person}
          onChange={setPerson}
          placeholder={T.personSearch}
          error={shown('personCode')[0]}
        />
        <Form.Item label={T.kind} validateStatus={status('kind')} help={shown('kind')[0]}>
          <Select<RequestKind>
            aria-label={T.kind}
            value={kind}
            onChange={setKind}
            options={PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: privacyLabel(T.labels.kind, k) }))}
          />
        </Form.Item>
        <Form.Item label={T.channel} validateStatus={status('channel')} help={shown('channel')[0]}>
          <Select<RequestChannel>
            aria-label={T.channel}
            value={channel}
            onChange={setChannel}
            options={PRIVACY_REQUEST_CHANNELS.map((c) => ({
              value: c,
              label: privacyLabel(T.labels.channel, c),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={T.notes}
          htmlFor="privacy-request-notes"
          validateStatus={status('notes')}
          help={shown('notes')[0]}
        >
          <Input.TextArea
            id="privacy-request-notes"
            value={notes}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
