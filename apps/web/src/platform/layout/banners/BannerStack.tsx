import { ChromeBanner } from './ChromeBanner.tsx';
import { ContactPlanBanner } from './ContactPlanBanner.tsx';
import { TrialBanner } from './TrialBanner.tsx';

/** The top-bar banners of the shell. (The update banner lives at the app root.) */
export function BannerStack() {
  return (
    <div className="banner-stack">
      <TrialBanner />
      <ContactPlanBanner />
      <ChromeBanner />
    </div>
  );
}
