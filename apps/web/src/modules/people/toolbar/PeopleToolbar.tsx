import {
  DeleteOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  PlusOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  canAccess,
  canSeeSegmentType,
  type FilterExpression,
  hasPermission,
  isModuleAvailable,
  SEGMENT_TYPE_PATHS,
  type Segment,
  SPONSOR_MESSAGES,
  SPONSOR_REVIEW_RULE,
} from '@mandato/domain';
import { Button, Segmented, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useAccessContext } from '../../../platform/session/useAccessContext.ts';
import { useConfirmExport } from '../../people-export/hooks/useConfirmExport.tsx';
import { isPersonType } from '../../segments/segmentTypes.ts';
import type { ViewMode } from '../screen/screenState.ts';

/**
 * Toolbar of the people screen (spec 2 §2): Enviar e-mail / Enviar SMS (marketing role and
 * module), Importar (not on small screens), Exportar (person and team lists: 'Deseja realmente
 * exportar N {type}?' then the CSV of the expression on screen), 'Cadastros pendentes' (contacts,
 * ROLE_CRM: sponsor sign-ups of existing contacts), table/map toggle, Novo Cadastro, and bulk
 * delete while rows are selected.
 */
export function PeopleToolbar({
  segment,
  expression,
  total,
  mobile,
  selectedCount,
  view,
  onView,
  onNew,
  onBulkDelete,
}: {
  segment: Segment;
  /** the expression on screen (edited or not) and how many records it lists */
  expression: FilterExpression;
  total: number | undefined;
  mobile: boolean;
  selectedCount: number;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  onNew: () => void;
  onBulkDelete: () => void;
}) {
  const ctx = useAccessContext();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const marketing = hasPermission(ctx, ['ROLE_MARKETING']) && isModuleAvailable(ctx, 'marketing');
  // import and export need the list's own role (pessoas ROLE_CRM, equipe ROLE_TEAM): the server refuses them otherwise
  const personType = isPersonType(segment.type) && canSeeSegmentType(ctx, segment.type) ? segment.type : null;
  const typePath = personType ? SEGMENT_TYPE_PATHS[personType] : null;
  const exporter = useConfirmExport(true);
  // the shot editor with this list preselected (spec 3 §2.1 novo-envio ?segment=)
  const shot = (type: 'EMAIL' | 'SMS') =>
    navigate(`/${slug}/marketing/novo-envio/${type}?segment=${segment.code}`);
  return (
    <Space wrap className="people-toolbar">
      {marketing && (
        <>
          <Button icon={<MailOutlined />} onClick={() => shot('EMAIL')}>
            Enviar e-mail
          </Button>
          <Button icon={<MessageOutlined />} onClick={() => shot('SMS')}>
            Enviar SMS
          </Button>
        </>
      )}
      {typePath && !mobile && (
        <Button icon={<UploadOutlined />} onClick={() => navigate(`/${slug}/pessoas/importar/${typePath}`)}>
          Importar
        </Button>
      )}
      {personType && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.pending}
          disabled={total === undefined}
          onClick={() =>
            exporter.confirm({
              type: personType,
              expression,
              total: total ?? 0,
              segmentCode: segment.code,
            })
          }
        >
          Exportar
        </Button>
      )}
      {segment.type === 'PERSON' && canAccess(ctx, SPONSOR_REVIEW_RULE) && (
        <Button icon={<InboxOutlined />} onClick={() => navigate(`/${slug}/pessoas/cadastros-pendentes`)}>
          {SPONSOR_MESSAGES.pendingTitle}
        </Button>
      )}
      <Segmented
        aria-label="Modo de exibição"
        value={view}
        onChange={(v) => onView(v as ViewMode)}
        options={[
          { value: 'list', icon: <TableOutlined />, label: 'Lista' },
          { value: 'map', icon: <EnvironmentOutlined />, label: 'Mapa' },
        ]}
      />
      {selectedCount > 0 && (
        <Button danger icon={<DeleteOutlined />} onClick={onBulkDelete}>
          Remover ({selectedCount})
        </Button>
      )}
      <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
        Novo Cadastro
      </Button>
    </Space>
  );
}
