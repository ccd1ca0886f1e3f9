import { useEffect } from 'react';
import type { EmailDesignHandle } from '../editor/GrapesEmailEditor.tsx';

/**
 * GrapesJS does not run in jsdom: the module of a stand-in with the same contract, for
 * `vi.mock('…/GrapesEmailEditor.tsx', …)`. It shows what it opened (data-design, data-html) and
 * reads `read()` as the edited design.
 */
export function grapesStandIn(read: () => { htmlContent: string; jsonContent: string }) {
  return {
    default: ({
      initialDesign,
      initialHtml,
      onReady,
    }: {
      initialDesign: unknown;
      initialHtml?: string | null;
      onReady: (h: EmailDesignHandle) => void;
    }) => {
      useEffect(() => onReady({ read, refresh() {} }), [onReady]);
      return (
        <div data-testid="grapes" data-design={String(initialDesign ?? '')} data-html={initialHtml ?? ''} />
      );
    },
  };
}
