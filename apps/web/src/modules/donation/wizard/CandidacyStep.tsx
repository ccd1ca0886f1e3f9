import {
  DONATION_TEXTS,
  type DonationOnboarding,
  onlyDigits,
  POLITICAL_OFFICE_LABELS,
  POLITICAL_OFFICES,
  POLITICIAN_TEXTS,
  SELECTABLE_POLITICAL_PARTIES,
} from '@mandato/domain';
import { Alert, Col, Form, Row } from 'antd';
import { FormAddressFields } from '../../../platform/ui/address/FormAddressFields.tsx';
import { MaskedField } from '../../../platform/ui/form/MaskedField.tsx';
import { SelectField } from '../../../platform/ui/form/SelectField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { TextAreaField, TextField } from '../../../platform/ui/form/TextField.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { useDonationOptions, useSaveCandidacyStep } from '../hooks/useOnboarding.ts';
import { candidacyServerErrors, candidacyStepValuesOf, validateCandidacyStep } from './candidacyStepForm.ts';
import { WizardButtons } from './WizardButtons.tsx';

const F = POLITICIAN_TEXTS.fields;
const OFFICE_OPTIONS = POLITICAL_OFFICES.map((o) => ({ value: o, label: POLITICAL_OFFICE_LABELS[o] }));
const SELECTABLE = new Set(SELECTABLE_POLITICAL_PARTIES.map((p) => p.initials));
const FALLBACK_PARTIES = SELECTABLE_POLITICAL_PARTIES.map((p) => ({
  value: p.initials,
  label: `${p.initials} — ${p.name}`,
}));

/** The provider's parties (those our record accepts), or the domain's list when it does not answer. */
function usePartyOptions() {
  const options = useDonationOptions();
  const parties = options.data?.parties.filter((p) => SELECTABLE.has(p.initials)) ?? [];
  if (parties.length === 0) return FALLBACK_PARTIES;
  return parties.map((p) => ({ value: p.initials, label: `${p.initials} — ${p.name}` }));
}

/** Step 2 'Candidatura': office and party within their lists, contact and address required (spec 3 §5). */
export function CandidacyStep({
  politician,
  onBack,
  onDone,
}: {
  politician: DonationOnboarding['politician'];
  onBack: () => void;
  onDone: () => void;
}) {
  const form = useValidatedForm(candidacyStepValuesOf(politician), validateCandidacyStep);
  const save = useSaveCandidacyStep();
  const parties = usePartyOptions();
  const failed = Object.keys(form.errors).length > 0;

  const submit = async () => {
    const payload = form.validation.payload;
    if (!payload) {
      for (const field of Object.keys(form.validation.errors)) form.touch(field);
      return;
    }
    try {
      await save.mutateAsync(payload);
      onDone();
    } catch (error) {
      form.setServerErrors(candidacyServerErrors(serverFieldErrors(error)));
    }
  };

  const id = (name: string) => `donation-candidacy-${name}`;
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <SelectField
            form={form}
            name="politicalOffice"
            id={id('politicalOffice')}
            label={F.politicalOffice}
            required
            options={OFFICE_OPTIONS}
          />
        </Col>
        <Col xs={24} sm={12}>
          <SelectField
            form={form}
            name="politicalParty"
            id={id('politicalParty')}
            label={F.politicalParty}
            required
            showSearch={{ optionFilterProp: 'label' }}
            options={parties}
          />
        </Col>
        <Col xs={12} sm={8}>
          <TextField
            form={form}
            name="candidateNumber"
            id={id('candidateNumber')}
            label={F.candidateNumber}
            inputMode="numeric"
            maxLength={5}
            format={onlyDigits}
          />
        </Col>
        <Col xs={24} sm={16}>
          <MaskedField
            form={form}
            name="candidateCnpj"
            id={id('candidateCnpj')}
            label={F.candidateCnpj}
            mask="cnpj"
          />
        </Col>
        <Col xs={24}>
          <TextAreaField
            form={form}
            name="donationCampaignDescription"
            id={id('donationCampaignDescription')}
            label={F.donationCampaignDescription}
            required
            maxLength={500}
            rows={2}
          />
        </Col>
        <Col xs={24} sm={12}>
          <MaskedField form={form} name="phone" id={id('phone')} label={F.phone} required mask="phone" />
        </Col>
        <Col xs={24} sm={12}>
          <MaskedField
            form={form}
            name="mobilePhone"
            id={id('mobilePhone')}
            label={F.mobilePhone}
            required
            mask="phone"
          />
        </Col>
      </Row>
      <FormAddressFields form={form} idPrefix="donation-candidacy-address" />
      {failed && <Alert type="error" showIcon title={DONATION_TEXTS.politician.invalid} />}
      <WizardButtons onBack={onBack} onNext={() => void submit()} busy={save.isPending} />
    </Form>
  );
}
