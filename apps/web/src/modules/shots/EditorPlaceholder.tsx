import { SHOT_TEXTS } from '@mandato/domain';
import { EmptyState } from '../../platform/layout/EmptyState.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';

/** Stands in for the shot editor (editor/ShotEditorPage.tsx) until it lands. */
export function EditorPlaceholder() {
  return (
    <PageShell title={SHOT_TEXTS.sendEmail}>
      <EmptyState />
    </PageShell>
  );
}
