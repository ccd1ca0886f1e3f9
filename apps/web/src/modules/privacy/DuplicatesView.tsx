import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Alert, Button, Empty, Pagination, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { notifications } from '../../platform/notifications/notifier.ts';
import { DuplicateGroupCard } from './DuplicateGroupCard.tsx';
import { useDuplicates, useUndoMerge } from './hooks/useDuplicates.ts';
import { MergeDialog } from './MergeDialog.tsx';
import { MergeHistory } from './MergeHistory.tsx';
import type { DuplicateGroup } from './privacyTypes.ts';

const PAGE_SIZE = 20;

/** Configurações › Privacidade (LGPD) › Duplicados: candidate groups, 'Mesclar', the recent merges and 'Desfazer'. */
export function DuplicatesView() {
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<DuplicateGroup | null>(null);
  const duplicates = useDuplicates({ page, itemsPerPage: PAGE_SIZE });
  const undo = useUndoMerge();
  const data = duplicates.data;

  const merged = (mergeCode: string, survivorName: string) => {
    setMerging(null);
    const key = `merge-${mergeCode}`;
    notifications().success({
      key,
      title: T.merged,
      description: survivorName,
      duration: 10,
      actions: (
        <Button
          size="small"
          onClick={() => {
            notifications().destroy(key);
            undo.mutateAsync(mergeCode).catch(() => undefined);
          }}
        >
          {T.undo}
        </Button>
      ),
    });
  };

  return (
    <section aria-labelledby="duplicates-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={4} id="duplicates-title" style={{ margin: 0 }}>
          {T.duplicatesTitle}
        </Typography.Title>
        <Button loading={duplicates.isFetching} onClick={() => void duplicates.refetch()}>
          {T.reload}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{T.duplicatesIntro}</Typography.Paragraph>
      {data?.refreshing && <Alert type="info" showIcon title={T.refreshing} style={{ marginBottom: 12 }} />}
      {data?.refreshedAt && !data.refreshing && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {T.refreshedAt(formatDateTime(data.refreshedAt))}
        </Typography.Paragraph>
      )}
      {duplicates.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : duplicates.isError ? (
        <Alert type="error" showIcon title={T.duplicatesLoadError} />
      ) : (data?.items.length ?? 0) === 0 ? (
        <Empty description={T.duplicatesEmpty} />
      ) : (
        data?.items.map((group) => (
          <DuplicateGroupCard
            key={group.people.map((p) => p.code).join('-')}
            group={group}
            onMerge={() => setMerging(group)}
          />
        ))
      )}
      {(data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={data?.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <MergeHistory />
      {merging && <MergeDialog group={merging} onClose={() => setMerging(null)} onMerged={merged} />}
    </section>
  );
}
