import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { FullPageSpin } from '../../platform/routing/FullPageSpin.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../platform/routing/paths.ts';
import { RedirectInvalid } from '../../platform/routing/RedirectInvalid.tsx';
import { ShotDetailsPage } from './details/ShotDetailsPage.tsx';
import { ShotsHome } from './ShotsHome.tsx';
import { isShotChannel, isShotListView, listPath, SHOT_SEGMENTS } from './shotPaths.ts';

/** The editor (and GrapesJS) in its own chunk: the lists do not load it. */
const ShotEditorPage = lazy(() =>
  import('./editor/ShotEditorPage.tsx').then((m) => ({ default: m.ShotEditorPage })),
);

/** The birthday e-mail's settings load the same editor chunk. */
const BirthdaySettingsPage = lazy(() =>
  import('./birthday/BirthdaySettingsPage.tsx').then((m) => ({ default: m.BirthdaySettingsPage })),
);

/** The SMS settings (identification, quiet hours) in their own chunk. */
const SmsSettingsPage = lazy(() =>
  import('./sms-settings/SmsSettingsPage.tsx').then((m) => ({ default: m.SmsSettingsPage })),
);

/** /marketing/disparos/{channel}/{view}; an unknown channel or view goes to the sent e-mails. */
function ShotListRoute({ base }: { base: string }) {
  const { channel, view } = useParams();
  if (!isShotChannel(channel) || !isShotListView(view)) {
    return <RedirectInvalid to={listPath(base, 'email', 'enviados')} />;
  }
  return <ShotsHome base={base} screen={{ channel, view }} />;
}

/**
 * The marketing module (spec 3 §2.1): shot lists with the side menu (default: sent e-mails), the
 * editor, the details, the birthday e-mail's settings and the embedded outbox.
 */
export function MarketingPage() {
  const { slug = '' } = useParams();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);
  return (
    <Routes>
      {/* the menu's entry: the marketing home */}
      <Route index element={<Navigate to={SHOT_SEGMENTS.lists} replace />} />
      <Route
        path={SHOT_SEGMENTS.lists}
        element={<ShotsHome base={base} screen={{ channel: 'email', view: 'enviados' }} />}
      />
      <Route path={`${SHOT_SEGMENTS.lists}/:channel/:view`} element={<ShotListRoute base={base} />} />
      <Route
        path={SHOT_SEGMENTS.smsSettings}
        element={
          <Suspense fallback={<FullPageSpin />}>
            <SmsSettingsPage />
          </Suspense>
        }
      />
      <Route path={SHOT_SEGMENTS.outbox} element={<ShotsHome base={base} screen="outbox" />} />
      <Route
        path={`${SHOT_SEGMENTS.editor}/:shotType/:shotCode?`}
        element={
          <Suspense fallback={<FullPageSpin />}>
            <ShotEditorPage />
          </Suspense>
        }
      />
      <Route
        path={`${SHOT_SEGMENTS.details}/:shotType/:shotCode`}
        element={<ShotDetailsPage base={base} />}
      />
      <Route
        path={SHOT_SEGMENTS.birthdaySettings}
        element={
          <Suspense fallback={<FullPageSpin />}>
            <BirthdaySettingsPage />
          </Suspense>
        }
      />
      <Route path="*" element={<RedirectInvalid to={`${base}/${SHOT_SEGMENTS.lists}`} />} />
    </Routes>
  );
}
