import { useEffect, useState } from 'react';
import type { EmailDesignHandle } from '../editor/GrapesEmailEditor.tsx';

/**
 * GrapesJS does not run in jsdom: the module of a stand-in with the same contract, for
 * `vi.mock('…/GrapesEmailEditor.tsx', …)`. It shows what it opened (data-design, data-html) and
 * reads `read()` as the edited design; what `load()` put in its place shows as data-loaded-design and
 * data-loaded-html.
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
      const [loaded, setLoaded] = useState<{ design?: unknown; html?: string | null }>();
      useEffect(() => onReady({ read, load: setLoaded, refresh() {} }), [onReady]);
      return (
        <div
          data-testid="grapes"
          data-design={String(initialDesign ?? '')}
          data-html={initialHtml ?? ''}
          data-loaded-design={loaded ? String(loaded.design ?? '') : undefined}
          data-loaded-html={loaded ? (loaded.html ?? '') : undefined}
        />
      );
    },
  };
}
