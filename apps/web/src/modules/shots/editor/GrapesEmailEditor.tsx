import 'grapesjs/dist/css/grapes.min.css';
import { MERGE_TAGS, SHOT_EDITOR_TEXTS } from '@mandato/domain';
import grapesjs, { type Editor } from 'grapesjs';
import newsletterExports from 'grapesjs-preset-newsletter';
import { useEffect, useRef } from 'react';
import type { EmailDesign } from './emailShotForm.ts';
import { blockManagerConfig, editorI18n, presetOptions, titleTextActions } from './grapesConfig.ts';
import { canvasHtmlOf, projectDataOf, savedProjectData } from './projectData.ts';

const T = SHOT_EDITOR_TEXTS;

/**
 * The preset is a UMD bundle: the production build hands its whole exports object to a default import
 * (the plugin is its `default`), the test runner the plugin itself.
 */
const newsletter = ((newsletterExports as unknown as { default?: typeof newsletterExports }).default ??
  newsletterExports) as typeof newsletterExports;

/** What the canvas can start again from: a saved design, else an e-mail's HTML (issue 40 item 2). */
export interface EmailStart {
  design?: unknown;
  html?: string | null;
}

/** What the editor page reads from the editor: the design and its e-mail HTML. */
export interface EmailDesignHandle {
  read(): EmailDesign;
  /** replaces the canvas with a starting design or another e-mail's (blank when neither) */
  load(start: EmailStart): void;
  /** after the container changed size (full screen) */
  refresh(): void;
}

/** Merge tags in the body: one block each, and a menu in the text toolbar inserting the tag. */
function addMergeTags(editor: Editor) {
  for (const tag of MERGE_TAGS) {
    editor.Blocks.add(`merge-${tag.key}`, {
      label: tag.label,
      category: T.mergeTagBlocks,
      attributes: { title: `${tag.label} ${tag.tag}` },
      content: { type: 'text', content: tag.tag },
    });
  }
  const select = document.createElement('select');
  select.className = 'gjs-field shot-editor-merge-select';
  select.setAttribute('aria-label', T.insertMergeTag);
  select.append(new Option(T.mergeTagBlocks, ''));
  for (const tag of MERGE_TAGS) select.append(new Option(tag.label, tag.tag));
  editor.RichTextEditor.add('merge-tags', {
    icon: select,
    event: 'change',
    result: (rte) => {
      if (select.value) rte.insertHTML(select.value);
      select.value = '';
    },
    update: () => 0,
  });
}

/**
 * What axe asks of GrapesJS's own panels: the scrolling blocks/styles panel reachable by keyboard, and
 * the style manager's unnamed state selector named.
 */
function nameEditorPanels(editor: Editor) {
  const root = editor.getContainer();
  for (const panel of root?.querySelectorAll<HTMLElement>('.gjs-pn-views-container') ?? []) {
    panel.tabIndex = 0;
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-label', T.editorPanels);
  }
  root?.querySelector('#gjs-clm-states')?.setAttribute('aria-label', T.editorStates);
}

/**
 * The drag-and-drop e-mail editor (GrapesJS with the newsletter preset, issue 26), self-hosted: no
 * icon font or sample image from another origin. Its own lazy chunk: only the shot editor loads it.
 */
export default function GrapesEmailEditor({
  initialDesign,
  initialHtml,
  onReady,
}: {
  initialDesign: unknown;
  /** the saved e-mail HTML, loaded when there is no design to open */
  initialHtml?: string | null;
  onReady: (handle: EmailDesignHandle) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // the first design only: the editor owns its content afterwards
  const first = useRef({ initialDesign, initialHtml, onReady });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const { initialDesign: saved, initialHtml: savedHtml, onReady: ready } = first.current;
    const projectData = projectDataOf(saved);
    const html = projectData ? undefined : canvasHtmlOf(savedHtml);
    const editor = grapesjs.init({
      container: el,
      height: '100%',
      width: 'auto',
      fromElement: false,
      storageManager: false,
      // GrapesJS reports each start to its vendor's host by default (issue 38)
      telemetry: false,
      cssIcons: '',
      // everything it shows in pt-BR: its own pt locale and the preset's words (issue 40)
      i18n: editorI18n(),
      blockManager: blockManagerConfig(),
      assetManager: { upload: false, embedAsBase64: false },
      ...(projectData ? { projectData } : {}),
      plugins: [(e: Editor) => newsletter(e, presetOptions())],
    });
    titleTextActions(editor);
    addMergeTags(editor);
    if (html) editor.setComponents(html);
    editor.on('load', () => {
      editor.Canvas.getFrameEl()?.setAttribute('title', T.editorCanvas);
      nameEditorPanels(editor);
    });
    // the style manager draws its state selector when a component is chosen
    editor.on('component:selected', () => requestAnimationFrame(() => nameEditorPanels(editor)));
    ready({
      read: () => ({
        htmlContent: String(editor.runCommand('gjs-get-inlined-html') ?? ''),
        jsonContent: savedProjectData(editor.getProjectData()),
      }),
      load: ({ design, html }) => {
        const data = projectDataOf(design);
        if (data) {
          editor.loadProjectData(data);
          return;
        }
        // the styles of what was there go with it: the new start brings its own (inline)
        editor.setStyle('');
        editor.setComponents(canvasHtmlOf(html) ?? '');
      },
      refresh: () => editor.refresh(),
    });
    return () => editor.destroy();
  }, []);

  return <div ref={container} className="shot-editor-grapes" />;
}
