import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { MenuTooltip } from './MenuTooltip.tsx';

export interface MenuLinkProps {
  to: string;
  label: string;
  icon: ReactNode;
  tooltipPlacement: 'right' | 'top';
  /** the label is shown beside or below the icon: no tooltip */
  labelled?: boolean;
}

/** One icon of the main menu: accessible name = the label, tooltip only while the label is hidden. */
export function MenuLink({ to, label, icon, tooltipPlacement, labelled = false }: MenuLinkProps) {
  const link = (
    <NavLink
      to={to}
      aria-label={label}
      className={({ isActive }) => (isActive ? 'main-menu__item is-active' : 'main-menu__item')}
    >
      {icon}
    </NavLink>
  );
  if (labelled) return link;
  return (
    <MenuTooltip title={label} placement={tooltipPlacement}>
      {link}
    </MenuTooltip>
  );
}
