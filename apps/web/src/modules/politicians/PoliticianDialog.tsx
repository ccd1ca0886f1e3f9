import { BR_STATES, POLITICIAN_TEXTS, type Politician } from '@mandato/domain';
import { Alert, Button, Col, Divider, Form, Modal, Row, Switch } from 'antd';
import { isApiError } from '../../platform/api/errors.ts';
import { FormAddressFields } from '../../platform/ui/address/FormAddressFields.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { PoliticianField } from '../../platform/ui/form/PoliticianField.tsx';
import { SelectField } from '../../platform/ui/form/SelectField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { TextField } from '../../platform/ui/form/TextField.tsx';
import { useValidatedForm } from '../../platform/ui/form/useValidatedForm.ts';
import { useSavePolitician } from './hooks/usePoliticians.ts';
import {
  EMPTY_POLITICIAN_FORM,
  type PoliticianFormValues,
  partyOptionsFor,
  politicianFormValuesOf,
  validatePolitician,
} from './politicianForm.ts';

const T = POLITICIAN_TEXTS;
const F = T.fields;

const STATE_OPTIONS = BR_STATES.map((s) => ({ value: s, label: s }));

/** New or edited politician (sys-admin/politicians): the administrative record, three sections. */
export function PoliticianDialog({ politician, onClose }: { politician?: Politician; onClose: () => void }) {
  const editing = politician !== undefined;
  const form = useValidatedForm<PoliticianFormValues, ReturnType<typeof validatePolitician>['payload']>(
    politician ? politicianFormValuesOf(politician) : EMPTY_POLITICIAN_FORM,
    validatePolitician,
  );
  const save = useSavePolitician();
  const { values, errors, set } = form;
  const invalid = !form.validation.payload;
  const parties = partyOptionsFor(politician?.politicalParty);
  const field = { form, idPrefix: 'politician' };

  const submit = async () => {
    const payload = form.validation.payload;
    if (!payload) {
      for (const field of Object.keys(form.validation.errors)) form.touch(field);
      return;
    }
    try {
      await save.mutateAsync({ code: politician?.code, payload });
      onClose();
    } catch (error) {
      // 400: the fields; 409: the CPF another record holds
      const fromServer = isApiError(error, 409)
        ? { cpf: [POLITICIAN_TEXTS.cpfTaken] }
        : serverFieldErrors(error);
      form.setServerErrors(fromServer);
    }
  };

  return (
    <Modal
      open
      title={editing ? T.editTitle : T.newTitle}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancelar
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
          Salvar
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" requiredMark>
        <Divider titlePlacement="start" plain>
          {T.sections.identity}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <PoliticianField {...field} name="name" required />
          </Col>
          <Col xs={24} sm={10}>
            <TextField
              form={form}
              name="ballotName"
              id="politician-ballotName"
              label={F.ballotName}
              maxLength={60}
            />
          </Col>
          <Col xs={24} sm={8}>
            <PoliticianField {...field} name="cpf" required />
          </Col>
          <Col xs={12} sm={8}>
            <PoliticianField {...field} name="rg" />
          </Col>
          <Col xs={12} sm={8}>
            <PoliticianField {...field} name="idDispatchingAgency" />
          </Col>
          <Col xs={24} sm={8}>
            <PoliticianField {...field} name="voterRegistration" />
          </Col>
          <Col xs={24} sm={8}>
            <PoliticianField {...field} name="birthday" />
          </Col>
          <Col xs={24} sm={8}>
            <PoliticianField {...field} name="email" />
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.candidacy}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <PoliticianField {...field} name="politicalOffice" required />
          </Col>
          <Col xs={24} sm={12}>
            <PoliticianField {...field} name="politicalParty" required parties={parties} />
          </Col>
          <Col xs={12} sm={6}>
            <PoliticianField {...field} name="candidateNumber" />
          </Col>
          <Col xs={12} sm={6}>
            <SelectField
              form={form}
              name="electoralState"
              id="politician-electoralState"
              label={F.electoralState}
              allowClear
              showSearch
              options={STATE_OPTIONS}
            />
          </Col>
          <Col xs={24} sm={12}>
            <TextField
              form={form}
              name="electoralCity"
              id="politician-electoralCity"
              label={F.electoralCity}
              maxLength={100}
            />
          </Col>
          <Col xs={24} sm={12}>
            <PoliticianField {...field} name="candidateCnpj" />
          </Col>
          <Col xs={24} sm={12}>
            <FormField id="politician-active" label={F.active}>
              <Switch
                id="politician-active"
                checked={values.active}
                checkedChildren={T.active}
                unCheckedChildren={T.inactive}
                onChange={(v) => set('active', v)}
              />
            </FormField>
          </Col>
          <Col xs={24}>
            <PoliticianField {...field} name="donationCampaignDescription" />
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.contact}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <PoliticianField {...field} name="phone" />
          </Col>
          <Col xs={24} sm={12}>
            <PoliticianField {...field} name="mobilePhone" />
          </Col>
        </Row>
        <FormAddressFields form={form} idPrefix="politician-address" />
        {invalid && Object.keys(errors).length > 0 && <Alert type="error" showIcon title={T.saveError} />}
      </Form>
    </Modal>
  );
}
