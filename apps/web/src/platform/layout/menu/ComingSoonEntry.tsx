import { RocketOutlined } from '@ant-design/icons';
import { MESSAGES } from '@mandato/domain';
import { MenuTooltip } from './MenuTooltip.tsx';
import { NEXT_GENERATION_LABEL } from './menuEntries.tsx';

/** Disabled entry for the next-generation version, tooltip 'Em breve'. */
export function ComingSoonEntry({ tooltipPlacement }: { tooltipPlacement: 'right' | 'top' }) {
  return (
    <MenuTooltip title={MESSAGES.comingSoon} placement={tooltipPlacement}>
      <span className="main-menu__item is-disabled">
        <button type="button" disabled aria-label={NEXT_GENERATION_LABEL} className="main-menu__button">
          <RocketOutlined />
        </button>
      </span>
    </MenuTooltip>
  );
}
