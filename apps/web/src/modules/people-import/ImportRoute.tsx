import { SEGMENT_TYPE_ROLE } from '@mandato/domain';
import { Navigate, useParams } from 'react-router';
import { ModuleGuard } from '../../platform/guards/ModuleGuard.tsx';
import { segmentTypeFromPath } from '../segments/segmentTypes.ts';
import { ImportPage } from './ImportPage.tsx';

/**
 * /pessoas/importar/{segmentType}: the import of a list needs that list's role (pessoas ROLE_CRM,
 * equipe ROLE_TEAM), as the server checks on upload; without it, the module guard warns and
 * redirects instead of letting the upload end in a 403.
 */
export function ImportRoute() {
  const { slug = '', type: typePath } = useParams();
  const type = segmentTypeFromPath(typePath);
  if (!type) return <Navigate to={`/${slug}/pessoas`} replace />;
  return (
    <ModuleGuard area={{ roles: [SEGMENT_TYPE_ROLE[type]] }}>
      <ImportPage />
    </ModuleGuard>
  );
}
