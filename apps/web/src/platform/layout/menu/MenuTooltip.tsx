import { Tooltip } from 'antd';
import type { ReactElement } from 'react';
import { useCanHover } from './useCanHover.ts';

export interface MenuTooltipProps {
  title: string;
  placement: 'right' | 'top';
  children: ReactElement;
}

/**
 * The tooltip of a menu control, only for pointers that hover: on a touch screen a tapped
 * control's tooltip would stay over the content (the control's accessible name is its own).
 */
export function MenuTooltip({ title, placement, children }: MenuTooltipProps) {
  const canHover = useCanHover();
  if (!canHover) return children;
  return (
    <Tooltip title={title} placement={placement}>
      {children}
    </Tooltip>
  );
}
