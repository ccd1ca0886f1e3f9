import { KeyOutlined } from '@ant-design/icons';
import { PROFILE_MESSAGES } from '@mandato/domain';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useSession } from '../../platform/session/useSession.ts';
import { useMyProfile } from './hooks/useProfile.ts';
import { PasswordModal } from './PasswordModal.tsx';
import { ProfileForm } from './ProfileForm.tsx';

export const PROFILE_TITLE = 'Meu Perfil';

/** Meu Perfil (spec 2 §2): 'Meus dados' and the 'Alterar senha' modal. */
export function ProfilePage() {
  const session = useSession();
  const profile = useMyProfile();
  const [changing, setChanging] = useState(false);
  return (
    <PageShell
      title={PROFILE_TITLE}
      extra={
        <Button icon={<KeyOutlined />} onClick={() => setChanging(true)}>
          Alterar senha
        </Button>
      }
    >
      {profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : profile.isError ? (
        <Alert type="error" showIcon title={PROFILE_MESSAGES.loadError} style={{ maxWidth: 760 }} />
      ) : (
        <Card style={{ maxWidth: 760 }}>
          <Skeleton active />
        </Card>
      )}
      {session && (
        <PasswordModal userCode={session.user.code} open={changing} onClose={() => setChanging(false)} />
      )}
    </PageShell>
  );
}
