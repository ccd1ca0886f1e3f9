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
import { Alert, Button, Col, Divider, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { isApiError } from '../../platform/api/errors.ts';
import { AddressFields } from '../../platform/ui/address/AddressFields.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../platform/ui/form/MaskedInput.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
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

  const text = (
    key: 'name' | 'ballotName' | 'rg' | 'idDispatchingAgency' | 'email' | 'electoralCity',
    max: number,
    required = false,
  ) => (
    <FormField id={`politician-${key}`} label={F[key]} error={errors[key]} required={required}>
      <Input
        id={`politician-${key}`}
        maxLength={max}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </FormField>
  );

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
            {text('name', 150, true)}
          </Col>
          <Col xs={24} sm={10}>
            {text('ballotName', 60)}
          </Col>
          <Col xs={24} sm={8}>
            <FormField id="politician-cpf" label={F.cpf} error={errors.cpf} required>
              <MaskedInput
                id="politician-cpf"
                mask="cpf"
                value={values.cpf}
                onChange={(v) => set('cpf', v)}
              />
            </FormField>
          </Col>
          <Col xs={12} sm={8}>
            {text('rg', 20)}
          </Col>
          <Col xs={12} sm={8}>
            {text('idDispatchingAgency', 20)}
          </Col>
          <Col xs={24} sm={8}>
            <FormField
              id="politician-voterRegistration"
              label={F.voterRegistration}
              error={errors.voterRegistration}
            >
              <Input
                id="politician-voterRegistration"
                inputMode="numeric"
                maxLength={14}
                value={values.voterRegistration}
                onChange={(e) => set('voterRegistration', formatVoterRegistration(e.target.value))}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={8}>
            <FormField id="politician-birthday" label={F.birthday} error={errors.birthday}>
              <MaskedInput
                id="politician-birthday"
                mask="date"
                placeholder="dd/mm/aaaa"
                value={values.birthday}
                onChange={(v) => set('birthday', v)}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={8}>
            {text('email', 254)}
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.candidacy}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <FormField
              id="politician-politicalOffice"
              label={F.politicalOffice}
              error={errors.politicalOffice}
              required
            >
              <Select
                id="politician-politicalOffice"
                value={values.politicalOffice}
                options={OFFICE_OPTIONS}
                onChange={(v) => set('politicalOffice', v)}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            <FormField
              id="politician-politicalParty"
              label={F.politicalParty}
              error={errors.politicalParty}
              required
            >
              <Select
                id="politician-politicalParty"
                showSearch={{ optionFilterProp: 'label' }}
                value={values.politicalParty}
                options={PARTY_OPTIONS}
                onChange={(v) => set('politicalParty', v)}
              />
            </FormField>
          </Col>
          <Col xs={12} sm={6}>
            <FormField
              id="politician-candidateNumber"
              label={F.candidateNumber}
              error={errors.candidateNumber}
            >
              <Input
                id="politician-candidateNumber"
                inputMode="numeric"
                maxLength={5}
                value={values.candidateNumber}
                onChange={(e) => set('candidateNumber', onlyDigits(e.target.value))}
              />
            </FormField>
          </Col>
          <Col xs={12} sm={6}>
            <FormField id="politician-electoralState" label={F.electoralState} error={errors.electoralState}>
              <Select
                id="politician-electoralState"
                allowClear
                showSearch
                value={values.electoralState}
                options={STATE_OPTIONS}
                onChange={(v?: string) => set('electoralState', v)}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            {text('electoralCity', 100)}
          </Col>
          <Col xs={24} sm={12}>
            <FormField id="politician-candidateCnpj" label={F.candidateCnpj} error={errors.candidateCnpj}>
              <MaskedInput
                id="politician-candidateCnpj"
                mask="cnpj"
                value={values.candidateCnpj}
                onChange={(v) => set('candidateCnpj', v)}
              />
            </FormField>
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
            <FormField
              id="politician-donationCampaignDescription"
              label={F.donationCampaignDescription}
              error={errors.donationCampaignDescription}
            >
              <Input.TextArea
                id="politician-donationCampaignDescription"
                maxLength={500}
                rows={2}
                value={values.donationCampaignDescription}
                onChange={(e) => set('donationCampaignDescription', e.target.value)}
              />
            </FormField>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {T.sections.contact}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <FormField id="politician-phone" label={F.phone} error={errors.phone}>
              <MaskedInput
                id="politician-phone"
                mask="phone"
                value={values.phone}
                onChange={(v) => set('phone', v)}
              />
            </FormField>
          </Col>
          <Col xs={24} sm={12}>
            <FormField id="politician-mobilePhone" label={F.mobilePhone} error={errors.mobilePhone}>
              <MaskedInput
                id="politician-mobilePhone"
                mask="phone"
                value={values.mobilePhone}
                onChange={(v) => set('mobilePhone', v)}
              />
            </FormField>
          </Col>
        </Row>
        <AddressFields
          idPrefix="politician-address"
          values={values.address}
          errors={errors}
          onTouch={form.touch}
          onChange={(address) => form.setValues((prev) => ({ ...prev, address }))}
        />
        {invalid && Object.keys(errors).length > 0 && <Alert type="error" showIcon title={T.saveError} />}
      </Form>
    </Modal>
  );
}
