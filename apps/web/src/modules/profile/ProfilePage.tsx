import { Card, Descriptions, Skeleton } from 'antd';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useSession } from '../../platform/session/useSession.ts';
import { useMyProfile } from './profileApi.ts';

export const PROFILE_TITLE = 'Meu Perfil';

/** Meu Perfil: name, e-mail and cellphone (editing comes later). */
export function ProfilePage() {
  const session = useSession();
  const profile = useMyProfile();
  const user = profile.data ?? session?.user;
  return (
    <PageShell title={PROFILE_TITLE}>
      <Card style={{ maxWidth: 640 }}>
        {profile.isLoading && !user ? (
          <Skeleton active />
        ) : (
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="Nome">{user?.name}</Descriptions.Item>
            <Descriptions.Item label="E-mail">{user?.email}</Descriptions.Item>
            <Descriptions.Item label="Celular">{user?.cellphone || '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </PageShell>
  );
}
