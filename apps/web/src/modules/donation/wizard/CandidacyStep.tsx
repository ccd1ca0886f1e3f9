import { DONATION_TEXTS, type DonationOnboarding, SELECTABLE_POLITICAL_PARTIES } from '@mandato/domain';
import { Alert, Col, Form, Row } from 'antd';
import type { AddressValues } from '../../../platform/ui/address/addressValues.ts';
import { FormAddressFields } from '../../../platform/ui/address/FormAddressFields.tsx';
import { PoliticianField } from '../../../platform/ui/form/PoliticianField.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { useDonationOptions, useSaveCandidacyStep } from '../hooks/useOnboarding.ts';
import { candidacyServerErrors, candidacyStepValuesOf, validateCandidacyStep } from './candidacyStepForm.ts';
import { useWizardStepSubmit } from './useWizardStepSubmit.ts';
import { WizardButtons } from './WizardButtons.tsx';

const SELECTABLE = new Set(SELECTABLE_POLITICAL_PARTIES.map((p) => p.initials));
const FALLBACK_PARTIES = SELECTABLE_POLITICAL_PARTIES.map((p) => ({
  value: p.initials,
  label: `${p.initials} — ${p.name}`,
}));
/** The address the provider needs whole (DonationCandidacyStepSchema): all but the complement. */
const REQUIRED_ADDRESS: readonly (keyof AddressValues)[] = [
  'zipCode',
  'street',
  'number',
  'neighborhood',
  'city',
  'state',
];

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
  const submit = useWizardStepSubmit(form, save, onDone, candidacyServerErrors);
  const parties = usePartyOptions();
  const failed = Object.keys(form.errors).length > 0;

  const field = { form, idPrefix: 'donation-candidacy' };
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <PoliticianField {...field} name="politicalOffice" required />
        </Col>
        <Col xs={24} sm={12}>
          <PoliticianField {...field} name="politicalParty" required parties={parties} />
        </Col>
        <Col xs={12} sm={8}>
          <PoliticianField {...field} name="candidateNumber" />
        </Col>
        <Col xs={24} sm={16}>
          <PoliticianField {...field} name="candidateCnpj" />
        </Col>
        <Col xs={24}>
          <PoliticianField {...field} name="donationCampaignDescription" required />
        </Col>
        <Col xs={24} sm={12}>
          <PoliticianField {...field} name="phone" required />
        </Col>
        <Col xs={24} sm={12}>
          <PoliticianField {...field} name="mobilePhone" required />
        </Col>
      </Row>
      <FormAddressFields form={form} idPrefix="donation-candidacy-address" required={REQUIRED_ADDRESS} />
      {failed && <Alert type="error" showIcon title={DONATION_TEXTS.politician.invalid} />}
      <WizardButtons onBack={onBack} onNext={() => void submit()} busy={save.isPending} />
    </Form>
  );
}
