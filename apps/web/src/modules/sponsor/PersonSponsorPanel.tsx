import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { isModuleAvailable, SPONSOR_MESSAGES } from '@mandato/domain';
import { Button, Descriptions, Empty, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTimeSeconds } from '../../platform/dateFormat.ts';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { useCreateSponsorLink, usePersonSponsor } from './hooks/useSponsor.ts';

/**
 * The person drawer's sponsor block: the person's own sponsor link, shown and copyable (module
 * invite; spec 2 §2), and the consent evidence of their sign-ups through someone's link.
 */
export function PersonSponsorPanel({ personCode }: { personCode: number }) {
  const ctx = useAccessContext();
  const sponsor = usePersonSponsor(personCode);
  const create = useCreateSponsorLink(personCode);
  const [copied, setCopied] = useState(false);
  if (sponsor.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const link = sponsor.data?.link ?? create.data ?? null;
  const url = link ? `${window.location.origin}${link.path}` : '';
  const consents = sponsor.data?.consents ?? [];
  const invite = isModuleAvailable(ctx, 'invite');

  return (
    <div>
      {invite && (
        <section aria-labelledby="sponsor-link-title" style={{ marginBottom: 16 }}>
          <Typography.Title level={5} id="sponsor-link-title">
            {SPONSOR_MESSAGES.linkTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{SPONSOR_MESSAGES.linkHint}</Typography.Paragraph>
          {link ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input
                readOnly
                value={url}
                aria-label={SPONSOR_MESSAGES.linkTitle}
                data-testid="person-sponsor-link"
              />
              <Button
                icon={<CopyOutlined />}
                onClick={() =>
                  void navigator.clipboard?.writeText(url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? SPONSOR_MESSAGES.copied : SPONSOR_MESSAGES.copy}
              </Button>
            </Space.Compact>
          ) : (
            <Button icon={<LinkOutlined />} loading={create.isPending} onClick={() => create.mutate()}>
              {SPONSOR_MESSAGES.linkButton}
            </Button>
          )}
        </section>
      )}
      <section aria-labelledby="sponsor-consent-title">
        <Typography.Title level={5} id="sponsor-consent-title">
          {SPONSOR_MESSAGES.consentTitle}
        </Typography.Title>
        {consents.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          consents.map((c) => (
            <Descriptions
              key={`${c.acceptedAt}-${c.termsVersion}`}
              size="small"
              column={1}
              bordered
              style={{ marginBottom: 12 }}
              items={[
                {
                  key: 'at',
                  label: SPONSOR_MESSAGES.consentAcceptedAt,
                  children: formatDateTimeSeconds(c.acceptedAt),
                },
                {
                  key: 'godfather',
                  label: SPONSOR_MESSAGES.consentGodfather,
                  children: c.godfather?.name ?? '—',
                },
                {
                  key: 'terms',
                  label: SPONSOR_MESSAGES.consentTerms,
                  children: (
                    <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                      {c.termsVersion}
                    </Typography.Text>
                  ),
                },
                { key: 'ip', label: SPONSOR_MESSAGES.consentIp, children: c.ip },
                {
                  key: 'ua',
                  label: SPONSOR_MESSAGES.consentUserAgent,
                  children: <span style={{ wordBreak: 'break-word' }}>{c.userAgent || '—'}</span>,
                },
              ]}
            />
          ))
        )}
      </section>
    </div>
  );
}
