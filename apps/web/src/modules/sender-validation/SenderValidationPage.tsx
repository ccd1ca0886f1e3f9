import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../platform/ui/AuthCard.tsx';

export const SENDER_VALIDATION_TEXTS = {
  successTitle: 'Obrigado',
  successText: 'Seu e-mail foi validado com sucesso. Você já pode realizar disparos.',
  failureTitle: 'Ops',
  failureText: 'Não foi possível validar seu e-mail.',
  back: 'Voltar ao início',
} as const;

export type SenderValidationState = 'success' | 'failure';

/**
 * Sender e-mail validation (spec 1 §2), public, no slug. The validation call comes with the
 * marketing module; until then the page shows the failure state.
 */
export function SenderValidationPage({ state = 'failure' }: { state?: SenderValidationState }) {
  const navigate = useNavigate();
  const ok = state === 'success';
  return (
    <AuthCard title="Validação de remetente">
      <Result
        status={ok ? 'success' : 'error'}
        title={ok ? SENDER_VALIDATION_TEXTS.successTitle : SENDER_VALIDATION_TEXTS.failureTitle}
        subTitle={ok ? SENDER_VALIDATION_TEXTS.successText : SENDER_VALIDATION_TEXTS.failureText}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {SENDER_VALIDATION_TEXTS.back}
          </Button>
        }
      />
    </AuthCard>
  );
}
