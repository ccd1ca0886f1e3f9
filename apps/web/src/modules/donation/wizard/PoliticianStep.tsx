import { DONATION_TEXTS, type DonationOnboarding } from '@mandato/domain';
import { Alert, Col, Form, Row } from 'antd';
import { PoliticianField } from '../../../platform/ui/form/PoliticianField.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { useSavePoliticianStep } from '../hooks/useOnboarding.ts';
import { politicianStepValuesOf, validatePoliticianStep } from './politicianStepForm.ts';
import { useWizardStepSubmit } from './useWizardStepSubmit.ts';
import { WizardButtons } from './WizardButtons.tsx';

/** Step 1 'Dados do Político': all seven fields required, saved as the politician record (spec 3 §5). */
export function PoliticianStep({
  politician,
  onBack,
  onDone,
}: {
  politician: DonationOnboarding['politician'];
  onBack: () => void;
  onDone: () => void;
}) {
  const form = useValidatedForm(politicianStepValuesOf(politician), validatePoliticianStep);
  const save = useSavePoliticianStep();
  const submit = useWizardStepSubmit(form, save, onDone);
  const failed = Object.keys(form.errors).length > 0;

  const field = { form, idPrefix: 'donation-politician', required: true };
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <PoliticianField {...field} name="name" />
        </Col>
        <Col xs={24} sm={8}>
          <PoliticianField {...field} name="cpf" />
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
        <Col xs={24} sm={16}>
          <PoliticianField {...field} name="email" />
        </Col>
      </Row>
      {failed && <Alert type="error" showIcon title={DONATION_TEXTS.politician.invalid} />}
      <WizardButtons onBack={onBack} onNext={() => void submit()} busy={save.isPending} />
    </Form>
  );
}
