import { APP_VERSION, AREAS, type Area, canAccess } from '@mandato/domain';
import { Card, Descriptions, Tag } from 'antd';
import { appEnvName } from '../../platform/environment/appEnv.ts';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { useSessionState } from '../../platform/session/useSession.ts';

/** Development test route: version, environment and what the access rules say for this user. */
export function DevTestPage() {
  const { session, domain } = useSessionState();
  const ctx = useAccessContext();
  return (
    <PageShell title="Dev test">
      <Card>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Versão">{APP_VERSION}</Descriptions.Item>
          <Descriptions.Item label="Ambiente">{appEnvName()}</Descriptions.Item>
          <Descriptions.Item label="Domínio">{domain.schema?.slug ?? session?.slug}</Descriptions.Item>
          <Descriptions.Item label="Plano">{domain.schema?.plan?.id ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Permissões">
            {ctx.permissions.map((p) => (
              <Tag key={p}>{p}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="Áreas">
            {(Object.keys(AREAS) as Area[]).map((area) => (
              <Tag key={area} color={canAccess(ctx, area) ? 'green' : 'default'}>
                {area}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </PageShell>
  );
}
