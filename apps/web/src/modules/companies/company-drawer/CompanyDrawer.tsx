import type { Company } from '@mandato/domain';
import { COMPANY_DRAWER_TEXTS, DRAWER_WIDTH } from '@mandato/domain';
import { Button, Col, Collapse, Drawer, Form, Input, Row, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { AddressFields } from '../../../platform/ui/address/AddressFields.tsx';
import { RemoteSelect } from '../../../platform/ui/autocomplete/RemoteSelect.tsx';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../../platform/ui/form/MaskedInput.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { LOOKUPS } from '../../autocomplete/lookups.ts';
import { TagSelect } from '../../tags/TagSelect.tsx';
import { useCompany } from '../hooks/useCompanies.ts';
import { useSaveCompany } from '../hooks/useCompanyMutations.ts';
import {
  companyFormValuesOf,
  EMPTY_COMPANY_FORM,
  knownContactOf,
  validateCompany,
} from './companyFormValues.ts';

/** New or edited voting place ('Novo local de votação' / 'Editar local de votação'), with an address panel. */
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
  const loaded = useCompany(code);
  const saveCompany = useSaveCompany();
  const company: Company | undefined = loaded.data;
  const form = useValidatedForm(EMPTY_COMPANY_FORM, validateCompany);
  const { reset } = form;
  useEffect(() => {
    if (company) reset(companyFormValuesOf(company));
  }, [company, reset]);

  const loading = editing && (loaded.isLoading || !company);
  const { values, set, errors } = form;
  const save = async () => {
    const payload = form.validation.payload;
    if (!payload) return;
    try {
      await saveCompany.mutateAsync({ code, payload });
      onSaved(!editing);
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error));
    }
  };

  return (
    <Drawer
      open
      title={editing ? COMPANY_DRAWER_TEXTS.editTitle : COMPANY_DRAWER_TEXTS.newTitle}
      size={mobile ? '100%' : DRAWER_WIDTH + 150}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button
            type="primary"
            disabled={!form.validation.payload || loading}
            loading={saveCompany.isPending}
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
                  lookup={LOOKUPS.person}
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
