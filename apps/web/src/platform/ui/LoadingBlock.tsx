import { Spin } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A loading spinner inside a named status region: antd's Spin is a plain div, where an aria-label is
 * not allowed (axe: aria-prohibited-attr), so the name goes on the region around it.
 */
export function LoadingBlock({
  style,
  size,
}: {
  style?: CSSProperties;
  size?: 'small' | 'default' | 'large';
}) {
  return (
    <div
      role="status"
      aria-label="Carregando"
      style={{ display: 'flex', justifyContent: 'center', ...style }}
    >
      <Spin size={size} />
    </div>
  );
}
