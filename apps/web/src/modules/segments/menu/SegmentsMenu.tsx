import { SEGMENT_TYPE_LABELS, SEGMENTS_PAGE_SIZE, type Segment, type SegmentType } from '@mandato/domain';
import { Menu, type MenuProps, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { asListAnswer } from '../../../platform/ui/listAnswer.ts';
import { useRemoveSegment } from '../hooks/useSegmentMutations.ts';
import { useSegmentsPage } from '../hooks/useSegments.ts';
import { SEGMENT_TEXTS } from '../texts.ts';
import { keepSelectedInView } from './keepSelectedInView.ts';
import { SegmentItemLabel } from './SegmentItemLabel.tsx';
import '../segments.css';

type MenuItem = Required<MenuProps>['items'][number];

const ALL_TYPES: SegmentType[] = ['TEAM', 'PERSON', 'COMPANY'];

/** 'Segmentações': one submenu per type the user may see, 8 lists a page (spec 2 §2). */
export function SegmentsMenu({
  types,
  selected,
  onSelect,
  onRemoved,
}: {
  types: SegmentType[];
  selected: Segment | null;
  onSelect: (segment: Segment) => void;
  onRemoved: (segment: Segment) => void;
}) {
  const removeSegment = useRemoveSegment();
  const [pages, setPages] = useState<Record<SegmentType, number>>({ TEAM: 1, PERSON: 1, COMPANY: 1 });
  const [openKeys, setOpenKeys] = useState<string[]>(types.map((t) => `type:${t}`));
  // fixed hook order: one query per type, enabled only for the visible ones
  const answers = {
    TEAM: useSegmentsPage('TEAM', pages.TEAM, types.includes('TEAM')),
    PERSON: useSegmentsPage('PERSON', pages.PERSON, types.includes('PERSON')),
    COMPANY: useSegmentsPage('COMPANY', pages.COMPANY, types.includes('COMPANY')),
  };
  const byCode = new Map<number, Segment>();

  const remove = async (segment: Segment) => {
    try {
      await removeSegment.mutateAsync(segment.code);
      onRemoved(segment);
    } catch {
      // 'Não foi possível remover a lista de segmentação' already shown
    }
  };

  const items: MenuItem[] = ALL_TYPES.filter((t) => types.includes(t)).map((type) => {
    const answer = asListAnswer(answers[type].data);
    const mine = selected?.type === type ? selected : null;
    const shown = keepSelectedInView(answer.list, mine);
    for (const s of shown) byCode.set(s.code, s);
    const children: MenuItem[] = shown.map((segment) => ({
      key: `segment:${segment.code}`,
      label: <SegmentItemLabel segment={segment} onDelete={() => remove(segment)} />,
    }));
    if (!answers[type].isLoading && shown.length === 0) {
      children.push({ key: `empty:${type}`, disabled: true, label: SEGMENT_TEXTS.empty });
    }
    if (answer.total > SEGMENTS_PAGE_SIZE) {
      children.push({
        key: `pages:${type}`,
        type: 'group',
        label: (
          <Pagination
            simple
            size="small"
            current={pages[type]}
            pageSize={SEGMENTS_PAGE_SIZE}
            total={answer.total}
            onChange={(page) => setPages((prev) => ({ ...prev, [type]: page }))}
          />
        ),
      });
    }
    return { key: `type:${type}`, label: SEGMENT_TYPE_LABELS[type], children };
  });

  return (
    <nav aria-label="Segmentações" className="segments-menu">
      <Typography.Title level={5} className="segments-menu__title">
        Segmentações
      </Typography.Title>
      <Menu
        mode="inline"
        items={items}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        selectedKeys={selected ? [`segment:${selected.code}`] : []}
        onClick={({ key }) => {
          const segment = byCode.get(Number(String(key).replace('segment:', '')));
          if (segment) onSelect(segment);
        }}
      />
    </nav>
  );
}
