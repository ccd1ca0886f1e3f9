import { Tooltip } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useCanHover } from './useCanHover.ts';

export interface MenuTooltipProps {
  title: ReactNode;
  placement: 'right' | 'top';
  /** a white tooltip, for an image drawn for a light background (the tenant's logo) */
  light?: boolean;
  children: ReactElement;
}

/**
 * The tooltip of a menu control, only for pointers that hover: on a touch screen a tapped
 * control's tooltip would stay over the content (the control's accessible name is its own).
 */
export function MenuTooltip({ title, placement, light = false, children }: MenuTooltipProps) {
  const canHover = useCanHover();
  if (!canHover) return children;
  return (
    <Tooltip title={title} placement={placement} color={light ? '#fff' : undefined}>
      {children}
    </Tooltip>
  );
}
