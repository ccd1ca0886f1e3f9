import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatDateTime } from '../../platform/dateFormat.ts';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { useUndoMerge } from './hooks/useDuplicates.ts';
import { useMerges } from './hooks/useMerges.ts';
import type { MergeHistoryItem, MergePerson } from './privacyTypes.ts';

const PAGE_SIZE = 10;
const moment = (iso: string) => formatDateTime(iso);
/** A person the caller may not see (or without a name) goes by its code. */
const nameOf = (p: MergePerson) => p.name?.trim() || `#${p.code}`;
const mergedNames = (m: MergeHistoryItem) => m.merged.map(nameOf).join(', ');
const survivorName = (m: MergeHistoryItem) => (m.survivor ? nameOf(m.survivor) : T.survivorGone);

/** 'Desfazer' (confirmed) while the merge can be undone; else when it was undone or why it cannot be. */
function UndoCell({ merge }: { merge: MergeHistoryItem }) {
  const undo = useUndoMerge();
  if (merge.undoneAt)
    return <Typography.Text type="secondary">{T.undoneOn(moment(merge.undoneAt))}</Typography.Text>;
  if (!merge.survivor) return <Typography.Text type="secondary">{T.undoSurvivorGone}</Typography.Text>;
  if (dayjs(merge.undoUntil).isBefore(dayjs()))
    return <Typography.Text type="secondary">{T.undoExpired}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <Popconfirm
        title={T.undoConfirmTitle}
        description={T.undoConfirm(mergedNames(merge), merge.merged.length)}
        okText={T.undo}
        cancelText={T.cancel}
        onConfirm={() => undo.mutateAsync(merge.code).catch(() => undefined)}
      >
        <Button size="small" loading={undo.isPending} aria-label={T.undoOf(survivorName(merge))}>
          {T.undo}
        </Button>
      </Popconfirm>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.undoUntil(moment(merge.undoUntil))}
      </Typography.Text>
    </Space>
  );
}

/** Who merged; a removed user's merges keep showing without a name. */
const author = (m: MergeHistoryItem) => m.createdBy ?? T.unknownUser;

/** Duplicados › 'Mesclagens recentes': the merges of the last 30 days and their 'Desfazer'. */
export function MergeHistory() {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const merges = useMerges({ page, itemsPerPage: PAGE_SIZE });

  const columns: TableColumnsType<MergeHistoryItem> = mobile
    ? [
        {
          key: 'merge',
          title: T.mergesTitle,
          render: (_, m) => (
            <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {T.mergedInto(survivorName(m), mergedNames(m))}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {moment(m.createdAt)} · {author(m)}
              </Typography.Text>
              <UndoCell merge={m} />
            </Space>
          ),
        },
      ]
    : [
        { key: 'createdAt', title: T.mergedAt, render: (_, m) => moment(m.createdAt), width: 150 },
        { key: 'survivor', title: T.survivor, render: (_, m) => survivorName(m) },
        { key: 'merged', title: T.mergedPeople, render: (_, m) => mergedNames(m) },
        { key: 'createdBy', title: T.mergedBy, render: (_, m) => author(m) },
        { key: 'undo', title: T.actions, render: (_, m) => <UndoCell merge={m} />, width: 230 },
      ];

  return (
    <section aria-labelledby="merges-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="merges-title" style={{ margin: 0, marginBottom: 8 }}>
        {T.mergesTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.mergesIntro}</Typography.Paragraph>
      <Table<MergeHistoryItem>
        rowKey="code"
        showHeader={!mobile}
        size={mobile ? 'small' : 'middle'}
        loading={merges.isLoading}
        columns={columns}
        dataSource={merges.data?.items ?? []}
        locale={{ emptyText: merges.isError ? T.mergesLoadError : T.mergesEmpty }}
        pagination={
          (merges.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: merges.data?.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
      />
    </section>
  );
}
