import { DONATION_TEXTS } from '@mandato/domain';
import { Typography } from 'antd';
import { useConfirmOnboarding } from '../hooks/useOnboarding.ts';
import { ProviderTerms } from '../integration/ProviderTerms.tsx';
import { WizardButtons } from './WizardButtons.tsx';

/** Step 4 'Termos de Uso': the provider's terms; Confirmar sends the candidate to the provider. */
export function TermsStep({ onBack }: { onBack: () => void }) {
  const confirm = useConfirmOnboarding();
  return (
    <div>
      <ProviderTerms />
      <Typography.Paragraph strong>{DONATION_TEXTS.terms.accept}</Typography.Paragraph>
      <WizardButtons last onBack={onBack} onNext={() => confirm.mutate()} busy={confirm.isPending} />
    </div>
  );
}
