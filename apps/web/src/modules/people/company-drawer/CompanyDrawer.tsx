import type { Company } from '@mandato/domain';
import { DRAWER_WIDTH } from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Collapse, Drawer, Form, Input, Row, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { AddressFields } from '../address/AddressFields.tsx';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { RemoteSelect } from '../autocomplete/RemoteSelect.tsx';
import { FormField } from '../form/FormField.tsx';
import { MaskedInput } from '../form/MaskedInput.tsx';
import { useValidatedForm } from '../form/useValidatedForm.ts';
import { notifySuccess } from '../notifySuccess.ts';
import { serverFieldErrors } from '../person-drawer/serverFieldErrors.ts';
import { TagSelect } from '../tags/TagSelect.tsx';
import {
  companyFormValuesOf,
  EMPTY_COMPANY_FORM,
  knownContactOf,
  validateCompany,
} from './companyFormValues.ts';

/** New or edited voting place: 'Nova empresa' / 'Editar empresa', with an address panel. */
export function CompanyDrawer({
  code,
  onClose,
  onSaved,
}: {
  code?: number;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const mobile = useIsMobile();
  const editing = code !== undefined;
  const loaded = useQuery({
    queryKey: ['companies', 'one', code],
    queryFn: ({ signal }) => crmApi.companies.get(code as number, signal),
    enabled: editing,
    staleTime: 0,
    gcTime: 0,
  });
  const company: Company | undefined = loaded.data;
  const form = useValidatedForm(EMPTY_COMPANY_FORM, validateCompany);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (company) reset(companyFormValuesOf(company));
  }, [company, reset]);

  const loading = editing && (loaded.isLoading || !company);
  const { values, set, errors } = form;
  const save = async () => {
    const payload = form.validation.payload;
    if (!payload) return;
    setSaving(true);
    try {
      if (editing) await crmApi.companies.update(code, payload);
      else await crmApi.companies.create(payload);
      notifySuccess(PEOPLE_TEXTS.saved);
      onSaved(!editing);
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title={editing ? 'Editar empresa' : 'Nova empresa'}
      size={mobile ? '100%' : DRAWER_WIDTH + 150}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button
            type="primary"
            disabled={!form.validation.payload || loading}
            loading={saving}
            onClick={() => void save()}
          >
            Salvar
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form layout="vertical" component="div" requiredMark={false}>
          <Row gutter={12}>
            <Col span={24}>
              <FormField id="company-name" label="Nome" required error={errors.name}>
                <Input
                  id="company-name"
                  maxLength={200}
                  value={values.name}
                  onChange={(e) => set('name', e.target.value)}
                />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField id="company-cnpj" label="CNPJ" error={errors.cnpj}>
                <MaskedInput
                  id="company-cnpj"
                  mask="cnpj"
                  value={values.cnpj}
                  onChange={(v) => set('cnpj', v)}
                />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField id="company-phone" label="Telefone" error={errors.phone}>
                <MaskedInput
                  id="company-phone"
                  mask="phone"
                  value={values.phone}
                  onChange={(v) => set('phone', v)}
                />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField id="company-email" label="E-mail" error={errors.email}>
                <Input
                  id="company-email"
                  type="email"
                  maxLength={254}
                  value={values.email}
                  onChange={(e) => set('email', e.target.value)}
                />
              </FormField>
            </Col>
            <Col xs={24} sm={12}>
              <FormField id="company-contact" label="Contato principal" error={errors.mainContactPersonCode}>
                <RemoteSelect
                  ariaLabel="Contato principal"
                  source="person"
                  known={knownContactOf(company)}
                  style={{ width: '100%' }}
                  value={values.mainContactPersonCode ? [values.mainContactPersonCode] : []}
                  onChange={(codes) => set('mainContactPersonCode', codes[0])}
                />
              </FormField>
            </Col>
            <Col span={24}>
              <FormField id="company-tags" label="Tags" error={errors.tags}>
                <TagSelect value={values.tags} known={company?.tags} onChange={(v) => set('tags', v)} />
              </FormField>
            </Col>
          </Row>
          <Collapse
            defaultActiveKey={['address']}
            items={[
              {
                key: 'address',
                label: 'Endereço',
                children: (
                  <AddressFields
                    idPrefix="company-address"
                    values={values.address}
                    errors={errors}
                    onTouch={form.touch}
                    onChange={(address) => form.setValues((prev) => ({ ...prev, address }))}
                  />
                ),
              },
            ]}
          />
        </Form>
      )}
    </Drawer>
  );
}
