import { DeleteOutlined } from '@ant-design/icons';
import {
  AMENDMENT_STATUS_LABELS,
  AMENDMENT_STATUSES,
  AMENDMENT_TEXTS,
  type Amendment,
  formatBrDecimal,
  parseBrMoney,
} from '@mandato/domain';
import { Button, Col, Form, Input, Modal, Popconfirm, Row, Select } from 'antd';
import { useCallback } from 'react';
import { RemoteSelect } from '../../platform/ui/autocomplete/RemoteSelect.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../platform/ui/form/useValidatedForm.ts';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import {
  type AmendmentFormValues,
  amendmentFormValuesOf,
  emptyAmendmentForm,
  validateAmendment,
} from './amendmentForm.ts';
import { useRemoveAmendment, useSaveAmendment } from './hooks/useAmendments.ts';
import { MunicipalityInput } from './MunicipalityInput.tsx';

const T = AMENDMENT_TEXTS;
const F = T.fields;

export const STATUS_OPTIONS = AMENDMENT_STATUSES.map((s) => ({
  value: s,
  label: AMENDMENT_STATUS_LABELS[s],
}));

/** The contact's name for the select: the person's, or 'Contato #code' when the user may not see it. */
export const knownContact = (a?: Amendment) =>
  a?.contact ? [{ code: a.contact, name: a.contactName ?? T.hiddenContact(a.contact) }] : undefined;

/** 'Nova Emenda' / 'Editar emenda #code' (spec 3 §2.2): every field, delete on the edit dialog. */
export function AmendmentDialog({ amendment, onClose }: { amendment?: Amendment; onClose: () => void }) {
  const code = amendment?.code;
  const validate = useCallback((v: AmendmentFormValues) => validateAmendment(v, code), [code]);
  const form = useValidatedForm(
    amendment ? amendmentFormValuesOf(amendment) : emptyAmendmentForm(),
    validate,
  );
  const save = useSaveAmendment();
  const remove = useRemoveAmendment();
  const { values, errors, set } = form;

  const submit = async () => {
    const payload = form.validation.payload;
    if (!payload) {
      for (const field of Object.keys(form.validation.errors)) form.touch(field);
      return;
    }
    try {
      await save.mutateAsync(payload);
      onClose();
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error));
    }
  };

  const removeIt = async () => {
    if (code === undefined) return;
    await remove.mutateAsync(code);
    onClose();
  };

  const footer = [
    code !== undefined && (
      <Popconfirm
        key="remove"
        title={T.confirmRemove}
        okText="Sim"
        cancelText="Não"
        onConfirm={() => void removeIt().catch(() => undefined)}
      >
        <Button danger icon={<DeleteOutlined />} loading={remove.isPending} style={{ float: 'left' }}>
          {T.remove}
        </Button>
      </Popconfirm>
    ),
    <Button key="cancel" onClick={onClose}>
      {T.cancel}
    </Button>,
    <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
      {T.save}
    </Button>,
  ];

  return (
    <Modal
      open
      title={code === undefined ? T.newTitle : T.editTitle(code)}
      width={680}
      onCancel={onClose}
      destroyOnHidden
      footer={footer}
    >
      <Form layout="vertical" component="div" requiredMark>
        <Row gutter={12}>
          <Col span={24}>
            <FormField id="amendment-contact" label={F.contact} error={errors.contact}>
              <RemoteSelect
                ariaLabel={F.contact}
                lookup={LOOKUPS.person}
                known={knownContact(amendment)}
                placeholder={T.contactSearch}
                style={{ width: '100%' }}
                value={values.contact ? [values.contact] : []}
                onChange={(codes) => set('contact', codes[0])}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={8}>
            <FormField id="amendment-year" label={F.year} error={errors.year} required>
              <Input
                id="amendment-year"
                inputMode="numeric"
                maxLength={4}
                value={values.year}
                onChange={(e) => set('year', e.target.value.replace(/\D/g, ''))}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={16}>
            <FormField id="amendment-title" label={F.title} error={errors.title} required>
              <MunicipalityInput
                id="amendment-title"
                value={values.title}
                placeholder={T.municipalitySearch}
                onChange={(v) => set('title', v)}
              />
            </FormField>
          </Col>
          <Col span={24}>
            <FormField id="amendment-description" label={F.description} error={errors.description}>
              <Input.TextArea
                id="amendment-description"
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </FormField>
          </Col>
          <Col span={24}>
            <FormField id="amendment-receiver" label={F.receiver} error={errors.receiver}>
              <Input
                id="amendment-receiver"
                maxLength={150}
                value={values.receiver}
                onChange={(e) => set('receiver', e.target.value)}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            <FormField id="amendment-value" label={F.value} error={errors.value} required>
              <Input
                id="amendment-value"
                inputMode="decimal"
                prefix="R$"
                maxLength={24}
                value={values.value}
                onChange={(e) => set('value', e.target.value.replace(/[^\d.,-]/g, ''))}
                onBlur={() => {
                  const parsed = parseBrMoney(values.value);
                  if (parsed !== undefined) set('value', formatBrDecimal(parsed));
                }}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            <FormField id="amendment-status" label={F.status} error={errors.status} required>
              <Select
                id="amendment-status"
                options={STATUS_OPTIONS}
                value={values.status}
                onChange={(v) => set('status', v)}
              />
            </FormField>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
