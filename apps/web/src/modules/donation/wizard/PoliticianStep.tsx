import {
  DONATION_TEXTS,
  type DonationOnboarding,
  formatVoterRegistration,
  POLITICIAN_TEXTS,
} from '@mandato/domain';
import { Alert, Col, Form, Row } from 'antd';
import { MaskedField } from '../../../platform/ui/form/MaskedField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { TextField } from '../../../platform/ui/form/TextField.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { useSavePoliticianStep } from '../hooks/useOnboarding.ts';
import { politicianStepValuesOf, validatePoliticianStep } from './politicianStepForm.ts';
import { WizardButtons } from './WizardButtons.tsx';

const F = POLITICIAN_TEXTS.fields;

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
      form.setServerErrors(serverFieldErrors(error));
    }
  };

  const id = (name: string) => `donation-politician-${name}`;
  return (
    <Form layout="vertical" component="div" requiredMark>
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <TextField form={form} name="name" id={id('name')} label={F.name} required maxLength={150} />
        </Col>
        <Col xs={24} sm={8}>
          <MaskedField form={form} name="cpf" id={id('cpf')} label={F.cpf} required mask="cpf" />
        </Col>
        <Col xs={12} sm={8}>
          <TextField form={form} name="rg" id={id('rg')} label={F.rg} required maxLength={20} />
        </Col>
        <Col xs={12} sm={8}>
          <TextField
            form={form}
            name="idDispatchingAgency"
            id={id('idDispatchingAgency')}
            label={F.idDispatchingAgency}
            required
            maxLength={20}
          />
        </Col>
        <Col xs={24} sm={8}>
          <TextField
            form={form}
            name="voterRegistration"
            id={id('voterRegistration')}
            label={F.voterRegistration}
            required
            inputMode="numeric"
            maxLength={14}
            format={formatVoterRegistration}
          />
        </Col>
        <Col xs={24} sm={8}>
          <MaskedField
            form={form}
            name="birthday"
            id={id('birthday')}
            label={F.birthday}
            required
            mask="date"
            placeholder="dd/mm/aaaa"
          />
        </Col>
        <Col xs={24} sm={16}>
          <TextField form={form} name="email" id={id('email')} label={F.email} required maxLength={254} />
        </Col>
      </Row>
      {failed && <Alert type="error" showIcon title={DONATION_TEXTS.politician.invalid} />}
      <WizardButtons onBack={onBack} onNext={() => void submit()} busy={save.isPending} />
    </Form>
  );
}
