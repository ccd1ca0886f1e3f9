import { Route, Routes, useParams } from 'react-router';
import { TENANT_SEGMENTS, tenantPath } from '../../platform/routing/paths.ts';
import { RedirectInvalid } from '../../platform/routing/RedirectInvalid.tsx';
import { DonationHome } from './DonationHome.tsx';
import { DONATION_SEGMENTS } from './donationPaths.ts';

/**
 * /doacao (spec 3 §2.5): the integration view (default; the campaign view once the provider has
 * confirmed the candidate) and the campaign view, each beside the side menu.
 */
export function DonationPage() {
  const { slug = '' } = useParams();
  const base = tenantPath(slug, TENANT_SEGMENTS.donation);
  return (
    <Routes>
      <Route index element={<DonationHome base={base} screen="default" />} />
      <Route path={DONATION_SEGMENTS.campaign} element={<DonationHome base={base} screen="campaign" />} />
      <Route
        path={`${DONATION_SEGMENTS.campaign}/:token`}
        element={<DonationHome base={base} screen="campaign" />}
      />
      <Route
        path={DONATION_SEGMENTS.integration}
        element={<DonationHome base={base} screen="integration" />}
      />
      <Route path="*" element={<RedirectInvalid to={base} />} />
    </Routes>
  );
}
