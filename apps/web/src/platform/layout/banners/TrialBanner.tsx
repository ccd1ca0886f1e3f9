import { trialBannerText } from '@mandato/domain';
import { useTenantSchema } from '../../session/useSession.ts';
import { TopBanner } from './TopBanner.tsx';

/** While the plan is TRIAL: countdown to deactiveDate, or the period ended. */
export function TrialBanner() {
  const schema = useTenantSchema();
  if (schema?.plan?.id !== 'TRIAL') return null;
  return (
    <TopBanner tone="warning" testId="trial-banner">
      {trialBannerText(schema.deactiveDate)}
    </TopBanner>
  );
}
