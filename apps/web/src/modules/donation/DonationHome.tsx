import { DONATION_TEXTS, MESSAGES } from '@mandato/domain';
import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../platform/api/errors.ts';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { LoadingBlock } from '../../platform/ui/LoadingBlock.tsx';
import { CampaignView } from './campaign/CampaignView.tsx';
import { DonationNav } from './DonationNav.tsx';
import { campaignPath, integrationPath } from './donationPaths.ts';
import { useCampaigns } from './hooks/useCampaigns.ts';
import { useDonationForbidden } from './hooks/useDonationForbidden.ts';
import { useOnboarding } from './hooks/useOnboarding.ts';
import { IntegrationView } from './integration/IntegrationView.tsx';
import './donation.css';

/**
 * A screen of /doacao: the side menu beside the integration or campaign view. The default route
 * goes to the campaign view once the candidate is confirmed, to the integration view before; a
 * confirmation seen while on the integration view switches to the campaign view (spec 3 §4).
 */
export function DonationHome({
  base,
  screen,
}: {
  base: string;
  screen: 'default' | 'campaign' | 'integration';
}) {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { token } = useParams();
  const onboarding = useOnboarding();
  const state = onboarding.data?.state;
  const campaigns = useCampaigns(onboarding.data?.candidateId != null);
  useDonationForbidden(onboarding.error ?? campaigns.error);

  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'AWAITING_APPROVAL' && state === 'CONFIRMED') navigate(campaignPath(base));
    previous.current = state;
  }, [state, base, navigate]);

  if (screen === 'default' && state) {
    return <Navigate replace to={state === 'CONFIRMED' ? campaignPath(base) : integrationPath(base)} />;
  }
  const items = campaigns.data?.items ?? [];
  const campaign = token ? items.find((c) => c.token === token) : items[0];
  const selected = screen === 'integration' ? integrationPath(base) : campaignPath(base, campaign?.token);

  return (
    <PageShell title={DONATION_TEXTS.menu}>
      <div className={mobile ? 'donation-home donation-home--mobile' : 'donation-home'}>
        <DonationNav base={base} campaigns={items} selected={selected} mobile={mobile} />
        <div className="donation-home__content">
          {onboarding.isError && !isApiError(onboarding.error, 403) ? (
            <Result
              status="error"
              title={isApiError(onboarding.error) ? onboarding.error.message : MESSAGES.fetchError}
              extra={
                <Button onClick={() => void onboarding.refetch()} loading={onboarding.isFetching}>
                  {MESSAGES.reload}
                </Button>
              }
            />
          ) : !onboarding.data ? (
            <LoadingBlock style={{ padding: 48 }} />
          ) : screen === 'integration' ? (
            <IntegrationView onboarding={onboarding.data} onCampaigns={() => navigate(campaignPath(base))} />
          ) : (
            <CampaignView
              base={base}
              campaign={campaign}
              loading={campaigns.isLoading}
              confirmed={state === 'CONFIRMED'}
              sandbox={campaigns.data?.sandbox ?? false}
            />
          )}
        </div>
      </div>
    </PageShell>
  );
}
