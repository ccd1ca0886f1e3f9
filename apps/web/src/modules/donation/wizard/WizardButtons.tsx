import { DONATION_TEXTS } from '@mandato/domain';
import { Button } from 'antd';

const T = DONATION_TEXTS.wizard;

/** Voltar / Próximo (or Confirmar on the last step); the next button waits for the step's call. */
export function WizardButtons({
  onBack,
  onNext,
  busy,
  last = false,
}: {
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
  last?: boolean;
}) {
  return (
    <div className="donation-wizard__buttons">
      <Button onClick={onBack} disabled={busy}>
        {T.back}
      </Button>
      <Button type="primary" loading={busy} onClick={onNext}>
        {last ? T.confirm : T.next}
      </Button>
    </div>
  );
}
