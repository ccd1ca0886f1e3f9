import { LogoutOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { APP_VERSION } from '@mandato/domain';
import { Avatar, Button, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { forceRefresh } from '../../environment/forceRefresh.ts';
import { TENANT_SEGMENTS, tenantPath } from '../../routing/paths.ts';
import { signOut } from '../../session/signOut.ts';
import { useSession } from '../../session/useSession.ts';

export const PROFILE_MENU_LABEL = 'Perfil';
export const MY_PROFILE_LABEL = 'Meu Perfil';
export const LOGOUT_LABEL = 'Sair';
export const FORCE_REFRESH_LABEL = `Atualizar versão ${APP_VERSION}`;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * The profile's entries: who is signed in, 'Meu Perfil', force refresh with the version, 'Sair'.
 * `onDone` closes what holds them (the desktop popover or the phone's 'Mais' sheet).
 */
export function ProfileActions({ onDone }: { onDone: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <div className="profile-menu" role="menu" aria-label={PROFILE_MENU_LABEL}>
      <div className="profile-menu__who">
        <Typography.Text strong>{session.user.name}</Typography.Text>
        <Typography.Text type="secondary">{session.user.email}</Typography.Text>
      </div>
      <Button
        type="text"
        block
        role="menuitem"
        icon={<UserOutlined />}
        onClick={() => {
          onDone();
          navigate(tenantPath(session.slug, TENANT_SEGMENTS.profile));
        }}
      >
        {MY_PROFILE_LABEL}
      </Button>
      <Button type="text" block role="menuitem" icon={<SyncOutlined />} onClick={() => void forceRefresh()}>
        {FORCE_REFRESH_LABEL}
      </Button>
      <Button
        type="text"
        block
        danger
        role="menuitem"
        icon={<LogoutOutlined />}
        onClick={() => {
          onDone();
          signOut();
        }}
      >
        {LOGOUT_LABEL}
      </Button>
    </div>
  );
}

/** Profile popover of the desktop column (on the phone the entries are in 'Mais'). */
export function ProfileMenu({ placement }: { placement: 'rightBottom' | 'top' }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session) return null;
  return (
    <Popover
      content={<ProfileActions onDone={() => setOpen(false)} />}
      trigger="click"
      placement={placement}
      open={open}
      onOpenChange={setOpen}
    >
      <button type="button" className="main-menu__item main-menu__button">
        {/* the initials are decoration: the button's name is 'Perfil', not 'AD' */}
        <Avatar size={placement === 'top' ? 28 : 34} className="main-menu__avatar" aria-hidden>
          {initials(session.user.name)}
        </Avatar>
        <span className="visually-hidden">{PROFILE_MENU_LABEL}</span>
      </button>
    </Popover>
  );
}
