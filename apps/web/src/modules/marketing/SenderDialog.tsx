import { SENDER_TEXTS, type Sender, SenderSaveSchema } from '@mandato/domain';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/api/errors.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { useDomains } from './hooks/useDomains.ts';
import { useSaveSender } from './hooks/useSenders.ts';

const T = SENDER_TEXTS;
type Field = 'name' | 'emailPrefix' | 'domainCode';

/**
 * 'Conta de envio' (spec 3 §2.1, §5: name, emailPrefix and domainCode required): new or edit. Only
 * VALID domains are offered; saving sends it PENDING_VALIDATION with a new activation e-mail (§4).
 */
export function SenderDialog({ sender, onClose }: { sender?: Sender; onClose: () => void }) {
  const domains = useDomains();
  const save = useSaveSender();
  const [name, setName] = useState(sender?.name ?? '');
  const [emailPrefix, setEmailPrefix] = useState(sender?.emailPrefix ?? '');
  const [domainCode, setDomainCode] = useState<number | undefined>(sender?.domainCode);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const valid = (domains.data?.list ?? []).filter((d) => d.status === 'VALID');
  const domainName = valid.find((d) => d.code === domainCode)?.name;

  const submit = async () => {
    const parsed = SenderSaveSchema.safeParse({
      name,
      emailPrefix,
      domainCode,
      status: 'PENDING_VALIDATION',
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      await save.mutateAsync({ body: parsed.data, code: sender?.code });
      onClose();
    } catch (failure) {
      const server = serverFieldErrors(failure);
      if (isApiError(failure, 409)) setErrors({ emailPrefix: T.senderTaken });
      else
        setErrors({
          name: server.name?.[0],
          emailPrefix: server.emailPrefix?.[0],
          domainCode: server.domainCode?.[0],
        });
    }
  };

  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <Modal
      open
      title={T.dialogTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
          {T.save}
        </Button>,
      ]}
    >
      {domains.isSuccess && valid.length === 0 && (
        <Alert type="info" showIcon message={T.noValidDomain} style={{ marginBottom: 12 }} />
      )}
      {sender && <Alert type="warning" showIcon message={T.editNotice} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div" requiredMark>
        <FormField id="sender-name" label={T.name} error={errors.name} required>
          <Input
            id="sender-name"
            autoFocus
            maxLength={120}
            placeholder={T.namePlaceholder}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              clear('name');
            }}
          />
        </FormField>
        <FormField id="sender-domain" label={T.domain} error={errors.domainCode} required>
          <Select
            id="sender-domain"
            aria-required
            loading={domains.isLoading}
            value={domainCode}
            placeholder={T.domainPlaceholder}
            options={valid.map((d) => ({ value: d.code, label: d.name }))}
            onChange={(value: number) => {
              setDomainCode(value);
              clear('domainCode');
            }}
            notFoundContent={T.noValidDomain}
          />
        </FormField>
        <FormField id="sender-prefix" label={T.emailPrefix} error={errors.emailPrefix} required>
          <Input
            id="sender-prefix"
            maxLength={64}
            placeholder={T.emailPrefixPlaceholder}
            addonAfter={`@${domainName ?? '…'}`}
            value={emailPrefix}
            onChange={(e) => {
              setEmailPrefix(e.target.value);
              clear('emailPrefix');
            }}
            onPressEnter={() => void submit()}
          />
        </FormField>
      </Form>
    </Modal>
  );
}
