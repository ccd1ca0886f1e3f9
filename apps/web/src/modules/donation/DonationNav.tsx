import { DONATION_TEXTS, type DonationCampaign } from '@mandato/domain';
import { useNavigate } from 'react-router';
import { SideNav, type SideNavGroup } from '../../platform/layout/SideNav.tsx';
import { campaignPath, integrationPath } from './donationPaths.ts';

const T = DONATION_TEXTS.sideMenu;

/**
 * The side menu of /doacao (spec 3 §2.5): 'Campanhas de Doação' listing the campaigns (or the empty
 * text) and 'Configurações' › 'Integração EssentJus'; below 768 px a cascading select.
 */
export function DonationNav({
  base,
  campaigns,
  selected,
  mobile,
}: {
  base: string;
  campaigns: readonly DonationCampaign[];
  /** the path of the screen shown */
  selected: string;
  mobile: boolean;
}) {
  const navigate = useNavigate();
  const groups: SideNavGroup[] = [
    {
      key: 'campaigns',
      label: T.campaigns,
      items:
        campaigns.length > 0
          ? campaigns.map((c) => ({ key: campaignPath(base, c.token), label: c.title }))
          : [{ key: 'no-campaigns', label: DONATION_TEXTS.campaign.empty, disabled: true }],
    },
    {
      key: 'settings',
      label: T.settings,
      items: [{ key: integrationPath(base), label: T.integration }],
    },
  ];
  return (
    <SideNav
      label={DONATION_TEXTS.menu}
      groups={groups}
      selected={selected}
      mobile={mobile}
      onSelect={navigate}
    />
  );
}
