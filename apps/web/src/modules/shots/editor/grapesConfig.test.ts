import type { Block, Editor } from 'grapesjs';
import newsletterExports from 'grapesjs-preset-newsletter';
import { describe, expect, it, vi } from 'vitest';
import {
  appendBlock,
  BLOCKS,
  editorI18n,
  editorMessages,
  presetOptions,
  titleTextActions,
} from './grapesConfig.ts';

/** The preset is a UMD bundle: its plugin is the default export or the module itself. */
const newsletter = ((newsletterExports as unknown as { default?: typeof newsletterExports }).default ??
  newsletterExports) as typeof newsletterExports;

/**
 * The blocks the newsletter preset really registers with our options: the preset runs against a
 * stand-in editor that records `Blocks.add` and the commands it adds (GrapesJS itself does not run
 * in jsdom).
 */
function presetRun() {
  const blocks = new Map<
    string,
    { label?: string; content?: unknown; attributes?: Record<string, string> }
  >();
  const commands = new Map<string, unknown>();
  const editor = {
    getConfig: () => ({}),
    Blocks: { add: (id: string, def: never) => blocks.set(id, def) },
    Commands: { add: (id: string, def: unknown) => commands.set(id, def) },
    Panels: { getPanels: () => ({ reset: vi.fn() }), getButton: vi.fn() },
    StyleManager: { getSectors: () => ({ reset: vi.fn(), add: vi.fn() }) },
    on: vi.fn(),
    onReady: vi.fn(),
  };
  newsletter(editor as unknown as Editor, presetOptions());
  return { blocks, commands };
}

/** Words the preset writes in English (issue 40). */
const ENGLISH = /\b(Section|Button|Divider|Text|Image|Quote|Block|Insert|Lorem|ipsum|title here)\b/;

describe('the e-mail editor speaks pt-BR (issue 40)', () => {
  it('every block the preset adds has a pt-BR label and title', () => {
    const { blocks } = presetRun();
    expect([...blocks.keys()]).toEqual(BLOCKS);
    expect(Object.fromEntries([...blocks].map(([id, b]) => [id, b.label]))).toEqual({
      sect100: 'Seção de 1 coluna',
      sect50: 'Seção de 2 colunas',
      sect30: 'Seção de 3 colunas',
      sect37: 'Seção de 2 colunas (30% e 70%)',
      button: 'Botão',
      divider: 'Divisória',
      text: 'Texto',
      'text-sect': 'Título e texto',
      image: 'Imagem',
      quote: 'Citação',
      link: 'Link',
      'link-block': 'Bloco com link',
    });
    for (const [id, block] of blocks) expect(block.attributes?.title, id).toBe(block.label);
  });

  it("a dropped block starts with pt-BR words, never the preset's English or Latin", () => {
    const { blocks } = presetRun();
    for (const [id, block] of blocks) expect(JSON.stringify(block.content), id).not.toMatch(ENGLISH);
    expect(blocks.get('text')?.content).toEqual({
      type: 'text',
      content: 'Escreva aqui o seu texto',
      style: { padding: '10px' },
    });
    // the button, as the preview and the e-mail show it
    expect(blocks.get('button')?.content).toBe('<a class="button">Saiba mais</a>');
    expect(blocks.get('text-sect')?.content).toContain('<h1 class="heading">Escreva aqui o título</h1>');
    expect(blocks.get('quote')?.content).toBe(
      '<blockquote class="quote">Escreva aqui a citação.</blockquote>',
    );
  });

  it("the editor's own words: the pt locale, whatever the browser's language, and the preset's buttons titled", () => {
    const i18n = editorI18n();
    expect(i18n).toMatchObject({ locale: 'pt', detectLocale: false });
    const pt = i18n.messagesAdd.pt as Record<string, Record<string, unknown>>;
    // GrapesJS's own pt locale underneath
    expect(pt.assetManager).toMatchObject({ addButton: 'Adicionar imagem', modalTitle: 'Selecionar imagem' });
    expect(pt.panels).toEqual({
      buttons: {
        titles: expect.objectContaining({
          undo: 'Desfazer',
          redo: 'Refazer',
          'canvas-clear': 'Apagar todo o conteúdo',
          'set-device-mobile': 'Ver no celular',
          'gjs-open-import-template': 'Importar HTML',
          'open-blocks': 'Blocos',
        }),
      },
    });
    expect(editorMessages()).toMatchObject({
      blockManager: { labels: { text: 'Texto', button: 'Botão' } },
      styleManager: {
        sectors: { dimension: 'Dimensão', typography: 'Tipografia' },
        options: { 'text-align': { left: 'Esquerda', center: 'Centro' } },
      },
    });
    expect(presetOptions()).toMatchObject({
      modalTitleImport: 'Importar HTML',
      modalBtnImport: 'Importar',
      modalTitleExport: 'Código do e-mail',
      textCleanCanvas: 'Apagar todo o conteúdo do e-mail?',
    });
  });

  it('titles the text toolbar in pt-BR', () => {
    const button = () => document.createElement('span');
    const actions = ['bold', 'italic', 'underline', 'strikethrough', 'link', 'wrap', 'merge-tags'].map(
      (name) => ({
        name,
        btn: button(),
      }),
    );
    titleTextActions({ RichTextEditor: { getAll: () => actions } } as unknown as Editor);
    expect(actions.map((a) => a.btn.getAttribute('title'))).toEqual([
      'Negrito',
      'Itálico',
      'Sublinhado',
      'Tachado',
      'Link',
      'Envolver para aplicar estilo',
      null,
    ]);
  });
});

describe('a tap on a block (issue 40 item 6: a phone cannot drag)', () => {
  const block = { get: () => '<hr>' } as unknown as Block;
  const part = (droppable: boolean, parent?: unknown, index = 0) => ({
    get: (key: string) => (key === 'droppable' ? droppable : undefined),
    parent: () => parent,
    index: () => index,
    append: vi.fn(() => [{ getEl: () => undefined }]),
  });
  const editorWith = (selected: unknown) => {
    const wrapper = part(true);
    return {
      editor: { getSelected: () => selected, getWrapper: () => wrapper } as unknown as Editor,
      wrapper,
    };
  };

  it('adds the block at the end of the e-mail when nothing is chosen', () => {
    const { editor, wrapper } = editorWith(undefined);
    expect(appendBlock(block, editor)).toBeDefined();
    expect(wrapper.append).toHaveBeenCalledWith('<hr>');
  });

  it('adds it inside a chosen cell, and right after a chosen text', () => {
    const cell = part(true);
    appendBlock(block, editorWith(cell).editor);
    expect(cell.append).toHaveBeenCalledWith('<hr>');
    const section = part(true);
    const text = part(false, section, 2);
    appendBlock(block, editorWith(text).editor);
    expect(text.append).not.toHaveBeenCalled();
    expect(section.append).toHaveBeenCalledWith('<hr>', { at: 3 });
  });
});
