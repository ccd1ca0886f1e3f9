import { DomainCreateSchema, MARKETING_TEXTS, MESSAGES } from '@mandato/domain';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/api/errors.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { useCreateDomain } from './hooks/useDomains.ts';

const T = MARKETING_TEXTS;

/** 'Novo Domínio' (spec 3 §2.1, §5: name is required). */
export function NewDomainDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateDomain();

  const submit = async () => {
    const parsed = DomainCreateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(name.trim() ? T.invalidDomainName : MESSAGES.required);
      return;
    }
    try {
      await create.mutateAsync(parsed.data.name);
      onClose();
    } catch (failure) {
      setError(isApiError(failure, 409) ? T.domainTaken : serverFieldErrors(failure).name?.[0]);
    }
  };

  return (
    <Modal
      open
      title={T.newDomain}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button key="save" type="primary" loading={create.isPending} onClick={() => void submit()}>
          {T.save}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" requiredMark>
        <FormField id="domain-name" label={T.domainName} error={error} required>
          <Input
            id="domain-name"
            autoFocus
            maxLength={253}
            placeholder={T.domainNamePlaceholder}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            onPressEnter={() => void submit()}
          />
        </FormField>
      </Form>
    </Modal>
  );
}
