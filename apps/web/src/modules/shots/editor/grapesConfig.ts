import { EMAIL_EDITOR_TEXTS as E } from '@mandato/domain';
import type { Block, Component, Editor } from 'grapesjs';
import pt from 'grapesjs/locale/pt';
import type { PluginOptions } from 'grapesjs-preset-newsletter';

/**
 * The preset's blocks without 'grid-items' and 'list-items': their sample images come from another
 * origin, which the CSP refuses.
 */
export const BLOCKS = [
  'sect100',
  'sect50',
  'sect30',
  'sect37',
  'button',
  'divider',
  'text',
  'text-sect',
  'image',
  'quote',
  'link',
  'link-block',
];

type Messages = { [key: string]: string | Messages };

/** `over` laid on `base`, key by key (GrapesJS merges `messagesAdd` the same way). */
function merged(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = typeof value === 'object' && typeof under === 'object' ? merged(under, value) : value;
  }
  return out;
}

/**
 * The editor's words (issue 40): GrapesJS's own pt locale, with what it leaves in English for this
 * editor (the preset's blocks and buttons, the style names the preset uses) in pt-BR.
 */
export const editorMessages = (): Messages =>
  merged(pt as Messages, {
    blockManager: { labels: E.blocks },
    domComponents: { names: { '': E.box } },
    panels: { buttons: { titles: E.buttons } },
    selectorManager: { states: E.states },
    styleManager: { properties: E.properties, options: E.options },
    traitManager: { traits: { labels: E.traits } },
  });

/**
 * A tap (a click) on a block adds it: inside the chosen element when it takes blocks (a section's
 * cell), else right after it, else at the end of the e-mail; the canvas scrolls to it. The blocks
 * panel stays open (choosing the new element would swap it for the styles), so a phone, where
 * nothing drags, builds the design block by block (issue 40 item 6). Dragging still works.
 */
export function appendBlock(block: Block, editor: Editor): Component | undefined {
  const content = block.get('content');
  if (!content) return undefined;
  const selected = editor.getSelected();
  const parent = selected?.parent();
  const added =
    selected?.get('droppable') === true
      ? selected.append(content)
      : selected && parent
        ? parent.append(content, { at: selected.index() + 1 })
        : editor.getWrapper()?.append(content);
  const first = added?.[0];
  first?.getEl()?.scrollIntoView?.({ block: 'nearest' });
  return first;
}

/** The blocks panel's options: a block is added by a tap as well as by dragging. */
export const blockManagerConfig = () => ({ appendOnClick: appendBlock });

/** GrapesJS's i18n: always pt-BR, whatever the browser's language. */
export const editorI18n = () => ({
  locale: 'pt',
  detectLocale: false,
  messagesAdd: { pt: editorMessages() },
});

/**
 * What a dropped block starts with, in pt-BR: the preset's own contents (same markup and styles)
 * with our words in place of 'Insert your text here', 'Button', 'Lorem ipsum'…
 */
function startingContent(id: string): unknown {
  const s = E.starting;
  switch (id) {
    case 'text':
      return { type: 'text', content: s.text, style: { padding: '10px' } };
    case 'text-sect':
      return `<h1 class="heading">${s.title}</h1><p class="paragraph">${s.paragraph}</p>`;
    case 'quote':
      return `<blockquote class="quote">${s.quote}</blockquote>`;
    case 'button':
      return `<a class="button">${s.button}</a>`;
    case 'link':
      return { type: 'link', content: s.link, style: { color: '#3b97e3' } };
    default:
      return undefined;
  }
}

/**
 * The newsletter preset's options: which blocks, each with its pt-BR label (and its title, the
 * label on hover) and, where it has words, its pt-BR starting content; the modals' titles.
 */
export function presetOptions(): PluginOptions {
  return {
    blocks: BLOCKS,
    block: (id: string) => {
      const label = E.blocks[id];
      const content = startingContent(id);
      return {
        ...(label ? { label, attributes: { title: label } } : {}),
        ...(content === undefined ? {} : { content }),
      };
    },
    showStylesOnChange: true,
    showBlocksOnLoad: true,
    textCleanCanvas: E.clearConfirm,
    modalTitleImport: E.importTitle,
    modalBtnImport: E.importButton,
    modalTitleExport: E.exportTitle,
  };
}

/** The text toolbar's built-in actions titled in pt-BR (GrapesJS writes them in English only). */
export function titleTextActions(editor: Editor) {
  for (const action of editor.RichTextEditor.getAll()) {
    const title = action.name ? E.textActions[action.name] : undefined;
    if (title) action.btn?.setAttribute('title', title);
  }
}
