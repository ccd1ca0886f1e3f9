import { DONATION_TEXTS, type DonationOnboarding } from '@mandato/domain';
import { Card, Steps } from 'antd';
import { useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { CandidacyStep } from './CandidacyStep.tsx';
import { PhotoStep } from './PhotoStep.tsx';
import { PoliticianStep } from './PoliticianStep.tsx';
import { TermsStep } from './TermsStep.tsx';

const T = DONATION_TEXTS.wizard;

/**
 * 'Criar minha conta de Doação' (spec 3 §2.5, §4): four steps, each advancing only when its call
 * succeeds; Voltar goes back one step (from the first, back to the integration view).
 */
export function OnboardingWizard({
  onboarding,
  onCancel,
}: {
  onboarding: DonationOnboarding;
  onCancel: () => void;
}) {
  const mobile = useIsMobile();
  const [step, setStep] = useState(0);
  const next = () => setStep((s) => s + 1);
  const back = () => setStep((s) => s - 1);
  return (
    <Card title={DONATION_TEXTS.integration.title}>
      {/* on a phone the four steps stay in one row, the current one named */}
      <Steps
        current={step}
        size="small"
        responsive={false}
        style={{ marginBottom: 24 }}
        items={T.steps.map((title, i) => ({ title: mobile && i !== step ? undefined : title }))}
      />
      {step === 0 && <PoliticianStep politician={onboarding.politician} onBack={onCancel} onDone={next} />}
      {step === 1 && <CandidacyStep politician={onboarding.politician} onBack={back} onDone={next} />}
      {step === 2 && <PhotoStep photo={onboarding.photo} onBack={back} onDone={next} />}
      {step === 3 && <TermsStep onBack={back} />}
    </Card>
  );
}
