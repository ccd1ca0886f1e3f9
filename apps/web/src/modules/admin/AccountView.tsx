import { MESSAGES } from '@mandato/domain';
import { Card, Descriptions, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTenantSchema } from '../../platform/session/useSession.ts';
import { SUBSCRIBE_PATH } from './adminSections.ts';
import { usePlanConsumption } from './hooks/usePlanConsumption.ts';
import { LOGO_UPLOAD_TEXTS, LogoUpload } from './LogoUpload.tsx';
import { PlanUsage } from './PlanUsage.tsx';

export const ACCOUNT_TITLE = 'Detalhes da minha Assinatura';

/** /admin/sistema/assinatura: account name, system URL, current plan and usage. */
export function AccountView({ base }: { base: string }) {
  const schema = useTenantSchema();
  const consumption = usePlanConsumption(schema?.slug);
  const systemUrl = schema ? `${window.location.origin}/${schema.slug}` : '';
  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {ACCOUNT_TITLE}
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Conta">{schema?.name}</Descriptions.Item>
          <Descriptions.Item label="URL do sistema">
            <Typography.Text copyable>{systemUrl}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={LOGO_UPLOAD_TEXTS.title} style={{ marginBottom: 16 }}>
        <LogoUpload />
      </Card>
      <Card title={`Plano atual: ${schema?.plan?.name ?? '—'}`}>
        <PlanUsage label="Usuários" used={consumption.data?.totalUsersUsed} total={schema?.plan?.totalUser} />
        <PlanUsage
          label="Pessoas"
          used={consumption.data?.totalContactsUsed}
          total={schema?.plan?.totalContacts}
        />
        <Space wrap size="large">
          <Link to={`${base}/${SUBSCRIBE_PATH}`}>{MESSAGES.changePlan}</Link>
          <Link to={`${base}/mkt/minha-conta`}>Detalhes do plano de marketing</Link>
        </Space>
      </Card>
    </div>
  );
}
