import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DOMAIN_RECORD_STATUS_LABELS,
  DOMAIN_STATUS_LABELS,
  type Domain,
  type DomainConfig,
  type DomainStatus,
  MARKETING_TEXTS,
} from '@mandato/domain';
import { Alert, Button, Collapse, Popconfirm, Space, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { useDomains, useRemoveDomain, useValidateDomain } from './hooks/useDomains.ts';
import { useForbiddenRedirect } from './hooks/useForbiddenRedirect.ts';
import { NewDomainDialog } from './NewDomainDialog.tsx';

const T = MARKETING_TEXTS;
const STATUS_COLOR: Record<DomainStatus | DomainConfig['status'], string> = {
  VALID: 'green',
  INVALID: 'red',
  DEACTIVATED: 'default',
  PENDING: 'default',
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : T.neverChecked);

/** The records to publish, one block each (type and status, host and value with copy buttons). */
function RecordsList({ domain }: { domain: Domain }) {
  const { token } = theme.useToken();
  return (
    <ul aria-label={T.recordsLabel(domain.name)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {domain.configs.map((c) => (
        <li
          key={c.type}
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: 8,
            padding: 12,
            marginBottom: 8,
          }}
        >
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>
              {c.type}{' '}
              <Typography.Text type="secondary">
                ({T.recordType} {c.recordType})
              </Typography.Text>
            </Typography.Text>
            <Tag color={STATUS_COLOR[c.status]}>{DOMAIN_RECORD_STATUS_LABELS[c.status]}</Tag>
          </Space>
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{T.recordHost}: </Typography.Text>
            <Typography.Text
              copyable={{ text: c.host, tooltips: [T.copy, T.copied] }}
              style={{ wordBreak: 'break-all' }}
            >
              {c.host}
            </Typography.Text>
          </div>
          <div style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{T.recordValue}: </Typography.Text>
            <Typography.Text
              code
              copyable={{ text: c.value, tooltips: [T.copy, T.copied] }}
              style={{ wordBreak: 'break-all' }}
            >
              {c.value}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}

function DomainPanel({ domain }: { domain: Domain }) {
  const validate = useValidateDomain();
  const remove = useRemoveDomain();
  useForbiddenRedirect(validate.error ?? remove.error);

  const refresh = async () => {
    const checked = await validate.mutateAsync(domain.code).catch(() => undefined);
    if (!checked) return;
    if (checked.status === 'VALID') notifySuccess(T.domainValid);
    else
      notifyError(
        `${DOMAIN_STATUS_LABELS[checked.status]}: ${checked.failures.map((f) => T.failure[f]).join('; ')}`,
      );
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {domain.failures.length > 0 && (
        <Alert type="warning" showIcon message={domain.failures.map((f) => T.failure[f]).join('; ')} />
      )}
      <RecordsList domain={domain} />
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">
          {T.lastChecked}: {when(domain.checkedAt)}
        </Typography.Text>
        <Space wrap>
          <Popconfirm
            title={T.removeConfirm}
            okText="Sim"
            cancelText="Não"
            onConfirm={() => remove.mutateAsync(domain.code).catch(() => undefined)}
          >
            <Button danger loading={remove.isPending}>
              {T.remove}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={validate.isPending}
            onClick={() => void refresh()}
            aria-label={`${T.refresh} ${domain.name}`}
          >
            {T.refresh}
          </Button>
        </Space>
      </Space>
    </Space>
  );
}

/** Configurações › Marketing › Domínios (/admin/mkt/dominios, spec 3 §2.1): one panel per domain. */
export function DomainsView() {
  const domains = useDomains();
  const [creating, setCreating] = useState(false);
  useForbiddenRedirect(domains.error);
  const list = domains.data?.list ?? [];

  return (
    <section aria-labelledby="domains-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={4} id="domains-title" style={{ margin: 0 }}>
          {T.title}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {T.newDomain}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {domains.isSuccess && list.length === 0 ? (
        <Typography.Paragraph>{T.empty}</Typography.Paragraph>
      ) : (
        <Collapse
          items={list.map((d) => ({
            key: String(d.code),
            label: (
              <Space wrap>
                <Typography.Text strong>{d.name}</Typography.Text>
                <Tag color={STATUS_COLOR[d.status]}>{DOMAIN_STATUS_LABELS[d.status]}</Tag>
              </Space>
            ),
            children: <DomainPanel domain={d} />,
          }))}
        />
      )}
      {creating && <NewDomainDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
