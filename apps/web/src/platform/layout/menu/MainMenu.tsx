import { canAccess, QUICK_ACTIONS_RULE } from '@mandato/domain';
import { useParams } from 'react-router';
import { tenantPath } from '../../routing/paths.ts';
import { useAccessContext } from '../../session/useAccessContext.ts';
import { useTenantSchema } from '../../session/useSession.ts';
import { ComingSoonEntry } from './ComingSoonEntry.tsx';
import { MenuLink } from './MenuLink.tsx';
import { BOTTOM_ENTRIES, TOP_ENTRIES } from './menuEntries.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { QuickActions } from './QuickActions.tsx';

export const MAIN_MENU_LABEL = 'Menu principal';

/**
 * Main menu (spec 1 §2): a 67 px column at the left; below 768 px a bottom bar.
 * Entries the user may not use (module or permission) are hidden.
 */
export function MainMenu({ mobile }: { mobile: boolean }) {
  const ctx = useAccessContext();
  const schema = useTenantSchema();
  const { slug = '' } = useParams();
  const tooltipPlacement = mobile ? 'top' : 'right';
  const popoverPlacement = mobile ? 'top' : 'rightBottom';
  const top = TOP_ENTRIES.filter((entry) => canAccess(ctx, entry.area));
  const bottom = BOTTOM_ENTRIES.filter((entry) => canAccess(ctx, entry.area));

  return (
    <nav className={mobile ? 'main-menu main-menu--mobile' : 'main-menu'} aria-label={MAIN_MENU_LABEL}>
      <div className="main-menu__group">
        {!mobile && (
          <div className="main-menu__logo">
            {schema?.logoUrl ? (
              <img className="main-menu__tenant-logo" src={schema.logoUrl} alt={`Logo de ${schema.name}`} />
            ) : (
              <img src="/icon.svg" alt="" width={36} height={36} />
            )}
          </div>
        )}
        {top.map((entry) => (
          <MenuLink
            key={entry.key}
            to={tenantPath(slug, entry.segment)}
            label={entry.label}
            icon={entry.icon}
            tooltipPlacement={tooltipPlacement}
          />
        ))}
        {!mobile && <ComingSoonEntry tooltipPlacement={tooltipPlacement} />}
      </div>
      <div className="main-menu__group">
        {canAccess(ctx, QUICK_ACTIONS_RULE) && <QuickActions placement={popoverPlacement} />}
        {bottom.map((entry) => (
          <MenuLink
            key={entry.key}
            to={tenantPath(slug, entry.segment)}
            label={entry.label}
            icon={entry.icon}
            tooltipPlacement={tooltipPlacement}
          />
        ))}
        <ProfileMenu placement={popoverPlacement} />
      </div>
    </nav>
  );
}
