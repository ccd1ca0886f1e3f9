import {
  BR_STATES,
  formatVoterRegistration,
  onlyDigits,
  POLITICAL_OFFICE_LABELS,
  POLITICAL_OFFICES,
  POLITICAL_PARTIES,
  POLITICIAN_TEXTS,
  type Politician,
} from '@mandato/domain';
import { Alert, Button, Col, Divider, Form, Modal, Row, Switch } from 'antd';
import { isApiError } from '../../platform/api/errors.ts';
import { FormAddressFields } from '../../platform/ui/address/FormAddressFields.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { MaskedField } from '../../platform/ui/form/MaskedField.tsx';
import { SelectField } from '../../platform/ui/form/SelectField.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { TextAreaField, TextField } from '../../platform/ui/form/TextField.tsx';
import { useValidatedForm } from '../../platform/ui/form/useValidatedForm.ts';
import { useSavePolitician } from './hooks/usePoliticians.ts';
import {
  EMPTY_POLITICIAN_FORM,
  type PoliticianFormValues,
  politicianFormValuesOf,
  validatePolitician,
} from './politicianForm.ts';

const T = POLITICIAN_TEXTS;
const F = T.fields;

const OFFICE_OPTIONS = POLITICAL_OFFICES.map((o) => ({ value: o, label: POLITICAL_OFFICE_LABELS[o] }));
const PARTY_OPTIONS = POLITICAL_PARTIES.map((p) => ({
  value: p.initials,
  label: `${p.initials} (${p.number}) — ${p.name}`,
}));
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
            <TextField form={form} name="name" id="politician-name" label={F.name} required maxLength={150} />
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
            <MaskedField form={form} name="cpf" id="politician-cpf" label={F.cpf} required mask="cpf" />
          </Col>
          <Col xs={12} sm={8}>
            <TextField form={form} name="rg" id="politician-rg" label={F.rg} maxLength={20} />
          </Col>
          <Col xs={12} sm={8}>
            <TextField
              form={form}
              name="idDispatchingAgency"
              id="politician-idDispatchingAgency"
              label={F.idDispatchingAgency}
              maxLength={20}
            />
          </Col>
          <Col xs={24} sm={8}>
            <TextField
              form={form}
              name="voterRegistration"
              id="politician-voterRegistration"
              label={F.voterRegistration}
              inputMode="numeric"
              maxLength={14}
              format={formatVoterRegistration}
            />
          </Col>
          <Col xs={24} sm={8}>
            <MaskedField
              form={form}
              name="birthday"
              id="politician-birthday"
              label={F.birthday}
              mask="date"
              placeholder="dd/mm/aaaa"
            />
          </Col>
          <Col xs={24} sm={8}>
            <TextField form={form} name="email" id="politician-email" label={F.email} maxLength={254} />
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.candidacy}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <SelectField
              form={form}
              name="politicalOffice"
              id="politician-politicalOffice"
              label={F.politicalOffice}
              required
              options={OFFICE_OPTIONS}
            />
          </Col>
          <Col xs={24} sm={12}>
            <SelectField
              form={form}
              name="politicalParty"
              id="politician-politicalParty"
              label={F.politicalParty}
              required
              showSearch={{ optionFilterProp: 'label' }}
              options={PARTY_OPTIONS}
            />
          </Col>
          <Col xs={12} sm={6}>
            <TextField
              form={form}
              name="candidateNumber"
              id="politician-candidateNumber"
              label={F.candidateNumber}
              inputMode="numeric"
              maxLength={5}
              format={onlyDigits}
            />
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
            <MaskedField
              form={form}
              name="candidateCnpj"
              id="politician-candidateCnpj"
              label={F.candidateCnpj}
              mask="cnpj"
            />
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
            <TextAreaField
              form={form}
              name="donationCampaignDescription"
              id="politician-donationCampaignDescription"
              label={F.donationCampaignDescription}
              maxLength={500}
              rows={2}
            />
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.contact}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <MaskedField form={form} name="phone" id="politician-phone" label={F.phone} mask="phone" />
          </Col>
          <Col xs={24} sm={12}>
            <MaskedField
              form={form}
              name="mobilePhone"
              id="politician-mobilePhone"
              label={F.mobilePhone}
              mask="phone"
            />
          </Col>
        </Row>
        <FormAddressFields form={form} idPrefix="politician-address" />
        {invalid && Object.keys(errors).length > 0 && <Alert type="error" showIcon title={T.saveError} />}
      </Form>
    </Modal>
  );
}
