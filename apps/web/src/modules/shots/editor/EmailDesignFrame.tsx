import './grapesEditor.css';
import { SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import type { EmailDesignHandle } from './GrapesEmailEditor.tsx';

const T = SHOT_EDITOR_TEXTS;

/** GrapesJS and its preset: a chunk of their own, loaded when the e-mail editor opens. */
const GrapesEmailEditor = lazy(() => import('./GrapesEmailEditor.tsx'));

/**
 * The e-mail body's frame: the lazy editor, the full-screen toggle ('Tela cheia', Escape leaves it)
 * and, below 768 px, the button that shows the collapsed blocks and styles panel.
 */
export function EmailDesignFrame({
  initialDesign,
  initialHtml,
  onReady,
  error,
}: {
  initialDesign: unknown;
  /** the saved HTML, opened when `initialDesign` is no design */
  initialHtml?: string | null;
  onReady: (handle: EmailDesignHandle) => void;
  error?: string;
}) {
  const isMobile = useIsMobile();
  const [full, setFull] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const handle = useRef<EmailDesignHandle | null>(null);

  useEffect(() => {
    handle.current?.refresh();
    if (!full) return;
    const leave = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFull(false);
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [full]);

  const classes = [
    'shot-editor-frame',
    full ? 'shot-editor-frame--full' : '',
    isMobile && !panelOpen ? 'shot-editor-frame--panel-closed' : '',
  ].join(' ');

  return (
    <section className={classes} aria-label={T.editorRegion} aria-describedby="shot-editor-hint">
      <div className="shot-editor-toolbar">
        <span id="shot-editor-hint" className="visually-hidden">
          {T.editorKeyboardHint}
        </span>
        {isMobile && (
          <Button size="small" aria-pressed={panelOpen} onClick={() => setPanelOpen((v) => !v)}>
            {panelOpen ? T.hidePanel : T.showPanel}
          </Button>
        )}
        <Button size="small" aria-pressed={full} onClick={() => setFull((v) => !v)}>
          {full ? SHOT_TEXTS.exitFullScreen : SHOT_TEXTS.fullScreen}
        </Button>
      </div>
      {error && (
        <div role="alert" className="ant-form-item-explain-error" style={{ padding: '4px 8px' }}>
          {error}
        </div>
      )}
      <div className="shot-editor-body">
        <Suspense
          fallback={
            <div role="status" style={{ display: 'flex', gap: 8, justifyContent: 'center', marginTop: 48 }}>
              <Spin size="small" />
              {T.editorLoading}
            </div>
          }
        >
          <GrapesEmailEditor
            initialDesign={initialDesign}
            initialHtml={initialHtml}
            onReady={(h) => {
              handle.current = h;
              onReady(h);
            }}
          />
        </Suspense>
      </div>
    </section>
  );
}
