import { SENDER_TEXTS } from '@mandato/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../platform/ui/AuthCard.tsx';
import { confirmSenderEmail } from './sendersApi.ts';

const T = SENDER_TEXTS;

/**
 * /sender-email-confirm/{senderCode}/{senderToken}/{token} (spec 3 §2.1, §2.4): public, no login and
 * no slug. Opens the link once (the token is single use) and shows 'Obrigado' or 'Ops'; a wrong,
 * used or expired link all show the same 'Ops'.
 */
export function SenderConfirmPage() {
  const { senderCode = '', senderToken = '', token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useMutation({
    mutationFn: () => confirmSenderEmail({ senderCode: Number(senderCode), senderToken, token }),
  });
  const { mutate } = confirm;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // once: a second call would find the token used
    started.current = true;
    mutate();
  }, [mutate]);

  const back = (
    <Button type="primary" onClick={() => navigate('/login')}>
      {T.back}
    </Button>
  );
  return (
    <AuthCard title={T.confirmTitle}>
      {confirm.isSuccess ? (
        <Result status="success" title={T.confirmSuccessTitle} subTitle={T.confirmSuccessText} extra={back} />
      ) : confirm.isError ? (
        <Result status="error" title={T.confirmErrorTitle} subTitle={T.confirmErrorText} extra={back} />
      ) : (
        <div role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <p>{T.confirmLoading}</p>
        </div>
      )}
    </AuthCard>
  );
}
