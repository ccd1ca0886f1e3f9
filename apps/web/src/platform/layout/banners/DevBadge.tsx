import { isDevEnvironment } from '../../environment/appEnv.ts';

export const DEV_BADGE_LABEL = 'Ambiente de desenvolvimento';

/** 'DEV' badge outside production (spec 1 §1). */
export function DevBadge() {
  if (!isDevEnvironment()) return null;
  return (
    <div className="dev-badge" data-testid="dev-badge" title={DEV_BADGE_LABEL}>
      DEV
    </div>
  );
}
