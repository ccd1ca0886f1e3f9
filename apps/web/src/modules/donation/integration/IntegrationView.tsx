import { DONATION_TEXTS, type DonationOnboarding } from '@mandato/domain';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { OnboardingWizard } from '../wizard/OnboardingWizard.tsx';
import { ProviderTerms } from './ProviderTerms.tsx';

const T = DONATION_TEXTS.integration;

/**
 * 'Integração EssentJus' by onboarding state (spec 3 §2.5, §4): not integrated (the terms and
 * 'Criar minha conta de Doação', which opens the wizard), awaiting approval, account created.
 */
export function IntegrationView({
  onboarding,
  onCampaigns,
}: {
  onboarding: DonationOnboarding;
  onCampaigns: () => void;
}) {
  const [wizard, setWizard] = useState(false);

  if (onboarding.state === 'NOT_INTEGRATED' && wizard) {
    return <OnboardingWizard onboarding={onboarding} onCancel={() => setWizard(false)} />;
  }
  if (onboarding.state === 'NOT_INTEGRATED') {
    return (
      <Card title={T.title}>
        <Result status="warning" title={T.notIntegrated} style={{ padding: '8px 0 24px' }} />
        <ProviderTerms />
        <Button type="primary" onClick={() => setWizard(true)}>
          {T.createAccount}
        </Button>
      </Card>
    );
  }
  if (onboarding.state === 'AWAITING_APPROVAL') {
    return (
      <Card title={T.title}>
        <Result status="info" title={T.awaitingApproval} subTitle={T.awaitingApprovalHint} />
      </Card>
    );
  }
  return (
    <Card title={T.title}>
      <Result
        status="success"
        title={T.confirmed}
        subTitle={T.confirmedHint}
        extra={
          <Button type="primary" onClick={onCampaigns}>
            {T.goToCampaigns}
          </Button>
        }
      />
    </Card>
  );
}
