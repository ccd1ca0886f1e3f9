import { ThunderboltOutlined } from '@ant-design/icons';
import { QUICK_ACTIONS_TEXTS } from '@mandato/domain';
import { Suspense } from 'react';
import { type QuickActionsProps, useQuickActionsSlot } from './quickActionsSlot.ts';

/** The menu button shown while the quick actions' chunk loads (or when none is wired: component tests). */
function QuickActionsLoading() {
  return (
    <button
      type="button"
      className="main-menu__item main-menu__button"
      aria-label={QUICK_ACTIONS_TEXTS.title}
      disabled
    >
      <ThunderboltOutlined />
    </button>
  );
}

/** Quick actions of the main menu (spec 1 §2): the component the composition root wires in. */
export function QuickActions({ placement }: QuickActionsProps) {
  const Slot = useQuickActionsSlot();
  if (!Slot) return <QuickActionsLoading />;
  return (
    <Suspense fallback={<QuickActionsLoading />}>
      <Slot placement={placement} />
    </Suspense>
  );
}
