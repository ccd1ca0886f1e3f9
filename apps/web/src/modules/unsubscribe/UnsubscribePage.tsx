import {
  fieldErrors,
  SHOT_LINK_PATTERN,
  SHOT_PUBLIC_TEXTS,
  type UnsubscribeConfirm,
  UnsubscribeConfirmSchema,
} from '@mandato/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { AuthCard } from '../../platform/ui/AuthCard.tsx';
import { useValidatedForm, type Validation } from '../../platform/ui/form/useValidatedForm.ts';
import { unsubscribeKeys } from './hooks/unsubscribeKeys.ts';
import { confirmUnsubscribe, getUnsubscribeInfo } from './unsubscribeApi.ts';

const T = SHOT_PUBLIC_TEXTS;

function validate(values: { confirm: boolean }): Validation<UnsubscribeConfirm> {
  const result = UnsubscribeConfirmSchema.safeParse(values);
  return result.success ? { payload: result.data, errors: {} } : { errors: fieldErrors(result.error.issues) };
}

/**
 * /descadastrar/{linkId}: the footer link of a shot's e-mail. Public, no login and no slug. Opening it
 * only asks (mail scanners prefetch links: a GET never unsubscribes); 'Não quero mais receber' posts
 * the confirmation and shows the done state. An unknown or malformed link shows 'Link inválido'.
 */
export function UnsubscribePage() {
  const { linkId = '' } = useParams();
  const wellFormed = SHOT_LINK_PATTERN.test(linkId);
  const info = useQuery({
    queryKey: unsubscribeKeys.link(linkId),
    queryFn: () => getUnsubscribeInfo(linkId),
    enabled: wellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useValidatedForm({ confirm: true }, validate);
  const unsubscribe = useMutation({
    mutationFn: (body: UnsubscribeConfirm) => confirmUnsubscribe(linkId, body),
  });

  let content: ReactNode;
  if (!wellFormed || info.isError) {
    content = <Result status="error" title={T.invalidTitle} subTitle={T.invalid} />;
  } else if (!info.data) {
    content = (
      <div role="status" style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
        <p>{T.loading}</p>
      </div>
    );
  } else if (unsubscribe.isSuccess || info.data.optedOut) {
    content = <Result status="success" title={unsubscribe.isSuccess ? T.done : T.alreadyOut} />;
  } else {
    const payload = form.validation.payload;
    content = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (payload) unsubscribe.mutate(payload);
        }}
      >
        <p>{T.question(info.data.address)}</p>
        <p style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{T.footer(info.data.sender, info.data.mandate)}</p>
        {unsubscribe.isError && (
          <Alert type="error" showIcon message={T.error} style={{ marginBottom: 16 }} />
        )}
        <Button
          type="primary"
          danger
          htmlType="submit"
          block
          loading={unsubscribe.isPending}
          disabled={!payload}
        >
          {T.confirm}
        </Button>
      </form>
    );
  }
  return <AuthCard title={T.title}>{content}</AuthCard>;
}
