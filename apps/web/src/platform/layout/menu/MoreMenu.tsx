import { EllipsisOutlined } from '@ant-design/icons';
import { MENU_TEXTS } from '@mandato/domain';
import { Drawer } from 'antd';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { tenantPath } from '../../routing/paths.ts';
import type { MenuEntry } from './menuEntries.tsx';
import { ProfileActions } from './ProfileMenu.tsx';
import { TenantLogo } from './TenantLogo.tsx';

/**
 * The phone bar's 'Mais': a sheet from the bottom with the tenant's logo, the entries the bar has
 * no room for (icon and label, 48 px rows) and the profile's entries.
 */
export function MoreMenu({ slug, entries }: { slug: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="main-menu__item main-menu__button"
        aria-label={MENU_TEXTS.more}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <EllipsisOutlined />
      </button>
      <Drawer
        open={open}
        title={MENU_TEXTS.more}
        placement="bottom"
        size="auto"
        onClose={close}
        className="more-menu"
        styles={{ wrapper: { maxHeight: '85vh' } }}
      >
        <div className="more-menu__logo">
          <TenantLogo className="more-menu__tenant-logo" />
        </div>
        {entries.length > 0 && (
          <ul className="more-menu__entries">
            {entries.map((entry) => (
              <li key={entry.key}>
                <NavLink
                  to={tenantPath(slug, entry.segment)}
                  className={({ isActive }) => (isActive ? 'more-menu__entry is-active' : 'more-menu__entry')}
                  onClick={close}
                >
                  <span className="more-menu__icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
        <ProfileActions onDone={close} />
      </Drawer>
    </>
  );
}
