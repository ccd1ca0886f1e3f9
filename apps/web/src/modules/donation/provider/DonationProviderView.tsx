import { DONATION_TEXTS, DonationProviderTokenSchema } from '@mandato/domain';
import { Alert, Button, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { useDonationProvider, useSaveDonationProviderToken } from '../hooks/useDonationProvider.ts';

const T = DONATION_TEXTS.provider;

/**
 * Configurações › Sistema › Provedor de doações (issue 40 item 10): the account's token at the
 * donation provider, pasted by whoever administers the account (ROLE_CONFIG) while the server runs.
 * The server seals it; it is never shown again (the field empties after a save).
 */
export function DonationProviderView() {
  const status = useDonationProvider();
  const save = useSaveDonationProviderToken();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();

  async function submit() {
    const parsed = DonationProviderTokenSchema.safeParse({ token });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync(parsed.data);
      setToken('');
    } catch (failure) {
      setError(serverFieldErrors(failure).token?.[0]);
    }
  }

  return (
    <section aria-labelledby="donation-provider-title">
      <Typography.Title level={4} id="donation-provider-title" style={{ marginTop: 0 }}>
        {T.title} {status.data?.sandbox && <Tag color="orange">{DONATION_TEXTS.sandbox}</Tag>}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {status.isLoading ? (
        <LoadingBlock style={{ padding: 24 }} />
      ) : status.data ? (
        <Alert
          role="status"
          showIcon
          type={status.data.connected ? 'success' : 'warning'}
          title={status.data.connected ? T.connected : T.notConnected}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {status.data?.sandbox && (
        <Typography.Paragraph type="secondary" data-testid="donation-provider-sandbox">
          {T.sandboxHint}
        </Typography.Paragraph>
      )}
      <Form
        layout="vertical"
        component="form"
        style={{ maxWidth: 520 }}
        onFinish={() => void submit()}
        requiredMark
      >
        <FormField id="donation-provider-token" label={T.token} error={error} required>
          <Input.Password
            id="donation-provider-token"
            aria-required
            aria-describedby="donation-provider-token-hint"
            autoComplete="off"
            maxLength={200}
            placeholder={T.tokenPlaceholder}
            value={token}
            onChange={(e) => {
              setToken(e.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
        <Typography.Paragraph id="donation-provider-token-hint" type="secondary" style={{ marginTop: -8 }}>
          {T.replaceHint}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {T.save}
        </Button>
      </Form>
    </section>
  );
}
