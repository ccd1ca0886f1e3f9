import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { canAccess, MENU_TEXTS, QUICK_ACTIONS_RULE, QUICK_ACTIONS_TEXTS } from '@mandato/domain';
import { useParams } from 'react-router';
import { tenantPath } from '../../routing/paths.ts';
import { useAccessContext } from '../../session/useAccessContext.ts';
import { ComingSoonEntry } from './ComingSoonEntry.tsx';
import { MenuCell } from './MenuCell.tsx';
import { MenuLink } from './MenuLink.tsx';
import { MenuTooltip } from './MenuTooltip.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { BOTTOM_ENTRIES, type MenuEntry, NEXT_GENERATION_LABEL, TOP_ENTRIES } from './menuEntries.tsx';
import { PROFILE_MENU_LABEL, ProfileMenu } from './ProfileMenu.tsx';
import { QuickActions } from './QuickActions.tsx';
import { TenantLogo, TenantMark } from './TenantLogo.tsx';
import { useMenuExpanded } from './useMenuExpanded.ts';

export const MAIN_MENU_LABEL = 'Menu principal';
/** The phone bar's cells at most: the first entries, the quick actions and 'Mais'. */
export const PHONE_BAR_CELLS = 5;

/**
 * Main menu (spec 1 §2): a 67 px column at the left with the tenant's initials as its mark, which the
 * user may expand to show the labels and the tenant's logo at a legible size; below 768 px a bottom bar with labelled cells, the
 * less-used entries and the profile under 'Mais'. Entries the user may not use are hidden.
 */
export function MainMenu({ mobile }: { mobile: boolean }) {
  const ctx = useAccessContext();
  const { slug = '' } = useParams();
  const top = TOP_ENTRIES.filter((entry) => canAccess(ctx, entry.area));
  const bottom = BOTTOM_ENTRIES.filter((entry) => canAccess(ctx, entry.area));
  const quickActions = canAccess(ctx, QUICK_ACTIONS_RULE);
  if (mobile) return <PhoneBar slug={slug} entries={[...top, ...bottom]} quickActions={quickActions} />;
  return <DesktopColumn slug={slug} top={top} bottom={bottom} quickActions={quickActions} />;
}

function PhoneBar({
  slug,
  entries,
  quickActions,
}: {
  slug: string;
  entries: MenuEntry[];
  quickActions: boolean;
}) {
  const room = PHONE_BAR_CELLS - 1 - (quickActions ? 1 : 0);
  const shown = entries.slice(0, room);
  return (
    <nav className="main-menu main-menu--mobile" aria-label={MAIN_MENU_LABEL}>
      {shown.map((entry) => (
        <MenuCell key={entry.key} caption={entry.label}>
          <MenuLink
            to={tenantPath(slug, entry.segment)}
            label={entry.label}
            icon={entry.icon}
            tooltipPlacement="top"
            labelled
          />
        </MenuCell>
      ))}
      {quickActions && (
        <MenuCell caption={QUICK_ACTIONS_TEXTS.title}>
          <QuickActions placement="top" />
        </MenuCell>
      )}
      <MenuCell caption={MENU_TEXTS.more}>
        <MoreMenu slug={slug} entries={entries.slice(room)} />
      </MenuCell>
    </nav>
  );
}

function DesktopColumn({
  slug,
  top,
  bottom,
  quickActions,
}: {
  slug: string;
  top: MenuEntry[];
  bottom: MenuEntry[];
  quickActions: boolean;
}) {
  const [expanded, setExpanded] = useMenuExpanded();
  const caption = (label: string) => (expanded ? label : undefined);
  const link = (entry: MenuEntry) => (
    <MenuCell key={entry.key} caption={caption(entry.label)}>
      <MenuLink
        to={tenantPath(slug, entry.segment)}
        label={entry.label}
        icon={entry.icon}
        tooltipPlacement="right"
        labelled={expanded}
      />
    </MenuCell>
  );
  const toggle = expanded ? MENU_TEXTS.collapse : MENU_TEXTS.expand;
  const toggleButton = (
    <button
      type="button"
      className="main-menu__item main-menu__button"
      aria-label={toggle}
      aria-expanded={expanded}
      onClick={() => setExpanded(!expanded)}
    >
      {expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
  return (
    <nav className={expanded ? 'main-menu main-menu--expanded' : 'main-menu'} aria-label={MAIN_MENU_LABEL}>
      <div className="main-menu__group">
        <div className="main-menu__logo">
          {expanded ? <TenantLogo className="main-menu__tenant-logo" /> : <TenantMark />}
        </div>
        {top.map(link)}
        <MenuCell caption={caption(NEXT_GENERATION_LABEL)}>
          <ComingSoonEntry tooltipPlacement="right" />
        </MenuCell>
      </div>
      <div className="main-menu__group">
        {quickActions && (
          <MenuCell caption={caption(QUICK_ACTIONS_TEXTS.title)}>
            <QuickActions placement="rightBottom" />
          </MenuCell>
        )}
        {bottom.map(link)}
        <MenuCell caption={caption(PROFILE_MENU_LABEL)}>
          <ProfileMenu placement="rightBottom" />
        </MenuCell>
        {expanded ? (
          <MenuCell caption={toggle}>{toggleButton}</MenuCell>
        ) : (
          <MenuTooltip title={toggle} placement="right">
            {toggleButton}
          </MenuTooltip>
        )}
      </div>
    </nav>
  );
}
