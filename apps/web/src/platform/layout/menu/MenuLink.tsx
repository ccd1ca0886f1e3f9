import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface MenuLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  tooltipPlacement: 'right' | 'top';
}

/** One icon of the main menu: tooltip + accessible name = the label. */
export function MenuLink({ to, label, icon, tooltipPlacement }: MenuLinkProps) {
  return (
    <Tooltip title={label} placement={tooltipPlacement}>
      <NavLink
        to={to}
        aria-label={label}
        className={({ isActive }) => (isActive ? 'main-menu__item is-active' : 'main-menu__item')}
      >
        {icon}
      </NavLink>
    </Tooltip>
  );
}
