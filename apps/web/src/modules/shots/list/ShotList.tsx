import { SHOT_TEXTS, type Shot } from '@mandato/domain';
import { Alert, Empty } from 'antd';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { ShotListItem } from './ShotListItem.tsx';

/** The items of a list view with its loading, error ('Não foi possível obter a lista de envios') and empty states. */
export function ShotList({
  shots,
  loading,
  error,
  base,
  detailsLinks = false,
}: {
  shots: readonly Shot[] | undefined;
  loading: boolean;
  error: boolean;
  base: string;
  /** each subject links to the shot's details (the birthday shots, whose actions may not) */
  detailsLinks?: boolean;
}) {
  if (loading) return <LoadingBlock style={{ margin: '32px auto' }} />;
  if (error) return <Alert type="error" showIcon title={SHOT_TEXTS.listError} />;
  if (!shots || shots.length === 0) {
    return <Empty description={SHOT_TEXTS.emptyList} />;
  }
  return (
    <div className="shot-list">
      {shots.map((shot) => (
        <ShotListItem key={shot.code} shot={shot} base={base} detailsLink={detailsLinks} />
      ))}
    </div>
  );
}
