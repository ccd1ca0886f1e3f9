import { privacyLabel, shortTermsHash, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Alert, Descriptions, Empty, Skeleton, Table, Tooltip, Typography } from 'antd';
import { formatDateTime } from '../../../platform/dateFormat.ts';
import { usePersonPrivacy } from '../../privacy/hooks/usePersonPrivacy.ts';
import type { PersonConsent } from '../../privacy/privacyTypes.ts';

const at = (iso: string) => formatDateTime(iso);

function ConsentCard({ consent }: { consent: PersonConsent }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 12 }}
      items={[
        { key: 'purpose', label: T.purpose, children: consent.purpose },
        {
          key: 'basis',
          label: T.lawfulBasis,
          children: privacyLabel(T.labels.lawfulBasis, consent.lawfulBasis),
        },
        { key: 'source', label: T.source, children: privacyLabel(T.labels.consentSource, consent.source) },
        ...(consent.termsHash
          ? [
              {
                key: 'terms',
                label: T.termsHash,
                children: (
                  <Tooltip title={consent.termsHash}>
                    <Typography.Text code copyable={{ text: consent.termsHash }}>
                      {shortTermsHash(consent.termsHash)}
                    </Typography.Text>
                  </Tooltip>
                ),
              },
            ]
          : []),
        { key: 'at', label: T.recordedAt, children: at(consent.createdAt) },
        ...(consent.by ? [{ key: 'by', label: T.recordedBy, children: consent.by }] : []),
      ]}
    />
  );
}

/** The person drawer's 'Consentimentos e descadastros': consents with basis and source, opt-outs per channel. */
export function PersonConsentsPanel({ personCode }: { personCode: number }) {
  const privacy = usePersonPrivacy(personCode);
  if (privacy.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (privacy.isError || !privacy.data) return <Alert type="error" showIcon title={T.privacyLoadError} />;
  const { consents, optOuts } = privacy.data;
  return (
    <div>
      <section aria-labelledby="person-consents-title" style={{ marginBottom: 16 }}>
        <Typography.Title level={5} id="person-consents-title">
          {T.consents}
        </Typography.Title>
        {consents.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.consentsEmpty} />
        ) : (
          consents.map((c) => <ConsentCard key={`${c.createdAt}-${c.purpose}-${c.source}`} consent={c} />)
        )}
      </section>
      <section aria-labelledby="person-optouts-title">
        <Typography.Title level={5} id="person-optouts-title">
          {T.optOuts}
        </Typography.Title>
        {optOuts.length === 0 ? (
          <Typography.Text type="secondary">{T.optOutsEmpty}</Typography.Text>
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey={(o) => `${o.channel}-${o.at}`}
            dataSource={optOuts}
            columns={[
              {
                key: 'channel',
                title: T.optOutChannel,
                render: (_, o) => privacyLabel(T.labels.optOutChannel, o.channel),
              },
              { key: 'at', title: T.optOutAt, render: (_, o) => at(o.at) },
              {
                key: 'source',
                title: T.source,
                render: (_, o) => privacyLabel(T.labels.optOutSource, o.source),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
