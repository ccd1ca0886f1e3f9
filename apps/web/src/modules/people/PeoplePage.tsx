import { canAccess, SEGMENT_TYPE_PATHS, type SegmentType, SPONSOR_REVIEW_RULE } from '@mandato/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Result } from 'antd';
import { Route, Routes, useParams } from 'react-router';
import { TENANT_SEGMENTS, tenantPath } from '../../platform/routing/paths.ts';
import { RedirectInvalid } from '../../platform/routing/RedirectInvalid.tsx';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { ExportPage } from '../people-export/ExportPage.tsx';
import { ImportRoute } from '../people-import/ImportRoute.tsx';
import { defaultSegmentType, visibleSegmentTypes } from '../segments/segmentTypes.ts';
import { PendingSignUpsView } from '../sponsor/PendingSignUpsView.tsx';
import { peopleKeys } from './hooks/peopleKeys.ts';
import { PeopleListScreen } from './screen/PeopleListScreen.tsx';

/** A list screen opened on the special list of `type` (remounted when the route's type changes). */
const listScreen = (type: SegmentType) => <PeopleListScreen key={type} defaultType={type} />;

/**
 * /:slug/pessoas and its routes (spec 2 §2 "Routes"): the default list (person with CRM, else
 * team), /pessoas/equipe the team list (the special list TEAM; without ROLE_TEAM, back to
 * /pessoas), the export and import routes, and /pessoas/cadastros-pendentes (ROLE_CRM: sponsor
 * sign-ups of existing contacts waiting for review).
 */
export function PeoplePage() {
  const ctx = useAccessContext();
  const { slug = '' } = useParams();
  const defaultType = defaultSegmentType(ctx);
  const canSeeTeam = visibleSegmentTypes(ctx).includes('TEAM');
  const queryClient = useQueryClient();
  const toList = <RedirectInvalid to={tenantPath(slug, TENANT_SEGMENTS.people)} />;
  return (
    <Routes>
      <Route path="exportar/:type" element={<ExportPage />} />
      <Route path="importar/:type" element={<ImportRoute />} />
      <Route
        path="cadastros-pendentes"
        element={
          canAccess(ctx, SPONSOR_REVIEW_RULE) ? (
            // a confirmation changes the contact: the lists and the drawer read it again
            <PendingSignUpsView
              onConfirmed={() => void queryClient.invalidateQueries({ queryKey: peopleKeys.all })}
            />
          ) : (
            toList
          )
        }
      />
      <Route path={SEGMENT_TYPE_PATHS.TEAM} element={canSeeTeam ? listScreen('TEAM') : toList} />
      <Route
        path="*"
        element={
          defaultType ? (
            listScreen(defaultType)
          ) : (
            <Result status="403" title="Falha ao tentar determinar lista de segmentacao padrao" />
          )
        }
      />
    </Routes>
  );
}
