import type { Company } from '@mandato/domain';
import { COMPANY_DRAWER_TEXTS, DRAWER_WIDTH } from '@mandato/domain';
import { Button, Col, Collapse, Drawer, Form, Row, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { FormAddressFields } from '../../../platform/ui/address/FormAddressFields.tsx';
import { CodeSelectField } from '../../../platform/ui/form/CodeSelectField.tsx';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { MaskedField } from '../../../platform/ui/form/MaskedField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { TextField } from '../../../platform/ui/form/TextField.tsx';
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
              <TextField form={form} name="name" id="company-name" label="Nome" required maxLength={200} />
            </Col>
            <Col xs={24} sm={12}>
              <MaskedField form={form} name="cnpj" id="company-cnpj" label="CNPJ" mask="cnpj" />
            </Col>
            <Col xs={24} sm={12}>
              <MaskedField form={form} name="phone" id="company-phone" label="Telefone" mask="phone" />
            </Col>
            <Col xs={24} sm={12}>
              <TextField
                form={form}
                name="email"
                id="company-email"
                label="E-mail"
                type="email"
                maxLength={254}
              />
            </Col>
            <Col xs={24} sm={12}>
              <CodeSelectField
                form={form}
                name="mainContactPersonCode"
                id="company-contact"
                label="Contato principal"
                lookup={LOOKUPS.person}
                known={knownContactOf(company)}
              />
            </Col>
            <Col span={24}>
              <FormField id="company-tags" label="Tags" error={form.errors.tags}>
                <TagSelect
                  value={form.values.tags}
                  known={company?.tags}
                  onChange={(v) => form.set('tags', v)}
                />
              </FormField>
            </Col>
          </Row>
          <Collapse
            defaultActiveKey={['address']}
            items={[
              {
                key: 'address',
                label: 'Endereço',
                children: <FormAddressFields form={form} idPrefix="company-address" />,
              },
            ]}
          />
        </Form>
      )}
    </Drawer>
  );
}
