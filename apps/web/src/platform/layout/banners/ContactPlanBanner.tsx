import { canAccess, MESSAGES, showContactPlanBanner, usagePercent } from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { tenantPath } from '../../routing/paths.ts';
import { useAccessContext } from '../../session/useAccessContext.ts';
import { useTenantSchema } from '../../session/useSession.ts';
import { fetchPlanConsumption } from '../../tenant/tenantApi.ts';
import { tenantKeys } from '../../tenant/tenantKeys.ts';
import { TopBanner } from './TopBanner.tsx';

/** Contact usage ≥ 85 % of the plan (hidden for PREMIUM and TRIAL and unlimited plans). */
export function ContactPlanBanner() {
  const schema = useTenantSchema();
  const ctx = useAccessContext();
  const { slug = '' } = useParams();
  const plan = schema?.plan;
  const relevant = !!plan && plan.id !== 'PREMIUM' && plan.id !== 'TRIAL' && !!plan.totalContacts;
  const consumption = useQuery({
    queryKey: tenantKeys.planConsumption(schema?.slug),
    queryFn: ({ signal }) => fetchPlanConsumption(signal),
    enabled: relevant,
    staleTime: 5 * 60_000,
  });
  const used = consumption.data?.totalContactsUsed ?? schema?.planConsumption?.totalContactsUsed;
  if (!plan || used === undefined || !showContactPlanBanner(plan.id, used, plan.totalContacts)) return null;

  return (
    <TopBanner tone="danger" testId="contact-plan-banner">
      <span>
        Você já utilizou {usagePercent(used, plan.totalContacts)}% do limite de pessoas do seu plano ({used}{' '}
        de {plan.totalContacts}).
      </span>
      {canAccess(ctx, 'admin') && <Link to={tenantPath(slug, 'admin/assinar')}>{MESSAGES.changePlan}</Link>}
    </TopBanner>
  );
}
