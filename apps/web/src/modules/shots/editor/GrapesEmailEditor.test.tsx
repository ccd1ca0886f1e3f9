import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * GrapesJS does not run in jsdom: its `init` is replaced to read the configuration the editor gets
 * and the design it opens.
 */
const grapes = vi.hoisted(() => {
  const editor = {
    Blocks: { add: vi.fn() },
    RichTextEditor: { add: vi.fn(), getAll: vi.fn(() => []) },
    Canvas: { getFrameEl: () => undefined },
    on: vi.fn(),
    setComponents: vi.fn(),
    runCommand: vi.fn(() => ''),
    getProjectData: vi.fn(() => ({ pages: [] })),
    getContainer: () => undefined,
    refresh: vi.fn(),
    destroy: vi.fn(),
  };
  return { editor, init: vi.fn((_config: Record<string, unknown>) => editor) };
});
vi.mock('grapesjs', () => ({ default: { init: grapes.init } }));
vi.mock('grapesjs/locale/pt', () => ({ default: {} }));
vi.mock('grapesjs-preset-newsletter', () => ({ default: vi.fn() }));
vi.mock('grapesjs/dist/css/grapes.min.css', () => ({}));

import GrapesEmailEditor from './GrapesEmailEditor.tsx';

const open = (initialDesign: unknown) => {
  render(<GrapesEmailEditor initialDesign={initialDesign} onReady={() => {}} />);
  expect(grapes.init).toHaveBeenCalledTimes(1);
  return grapes.init.mock.calls[0]?.[0] as Record<string, unknown>;
};

describe('the e-mail editor', () => {
  beforeEach(() => grapes.init.mockClear());

  it("never reaches its vendor's host (telemetry off) nor stores anything by itself", () => {
    const config = open(undefined);
    expect(config.telemetry).toBe(false);
    expect(config.storageManager).toBe(false);
  });

  it("speaks pt-BR whatever the browser's language (issue 40)", () => {
    expect(open(undefined).i18n).toMatchObject({ locale: 'pt', detectLocale: false });
  });

  it('adds a block by a tap, not only by dragging: a phone cannot drag (issue 40 item 6)', () => {
    expect(open(undefined).blockManager).toEqual({ appendOnClick: expect.any(Function) });
  });

  it('opens a design saved before the server cleaned designs without its scripts', () => {
    const saved = JSON.stringify({
      pages: [
        {
          frames: [
            {
              component: {
                type: 'wrapper',
                components: [
                  { type: 'image', attributes: { src: 'https://exemplo.com.br/a.png', onerror: 'alert(1)' } },
                  { type: 'script', content: 'alert(2)' },
                  { tagName: 'div', script: 'alert(3)' },
                  { type: 'text', content: 'Olá<script>alert(4)</script>' },
                ],
              },
            },
          ],
        },
      ],
    });
    const config = open(saved);
    expect(config.projectData).toEqual({
      pages: [
        {
          frames: [
            {
              component: {
                type: 'wrapper',
                components: [
                  { type: 'image', attributes: { src: 'https://exemplo.com.br/a.png' } },
                  { tagName: 'div' },
                  { type: 'text', content: 'Olá&lt;script>alert(4)&lt;/script>' },
                ],
              },
            },
          ],
        },
      ],
    });
  });
});
