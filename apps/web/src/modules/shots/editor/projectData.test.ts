import { describe, expect, it } from 'vitest';
import { serializeParams } from '../../../platform/api/params.ts';
import { canvasHtmlOf, projectDataOf, savedProjectData } from './projectData.ts';

describe('the saved design (jsonContent)', () => {
  const design = { pages: [{ component: { type: 'textnode', content: 'Olá ' } }], styles: [] };

  it('keeps the spaces of text nodes through the request layer, a save and a reload', () => {
    // the request layer trims string values: an object design would lose 'Olá ' → 'Olá'
    expect(JSON.stringify(serializeParams(design))).not.toContain('Olá ');
    const sent = serializeParams({ jsonContent: savedProjectData(design as never) }) as {
      jsonContent: string;
    };
    expect(projectDataOf(sent.jsonContent)).toEqual(design);
  });

  it('reads an object too, and nothing from what is no project', () => {
    expect(projectDataOf(design)).toEqual(design);
    for (const bad of [
      undefined,
      null,
      '',
      '{',
      '[]',
      '"x"',
      [],
      { pages: 'x' },
      42,
      '{"__proto__":{"pages":[]}}',
    ])
      expect(projectDataOf(bad)).toBeUndefined();
  });
});

describe('the canvas of a shot saved with HTML and no design', () => {
  it("opens the saved e-mail's body with its styles, not an empty canvas", () => {
    const html =
      '<!doctype html><html><head><style>.t{color:red}</style></head><body><p class="t">Olá {{primeiro_nome}}</p></body></html>';
    expect(canvasHtmlOf(html)).toBe('<style>.t{color:red}</style><p class="t">Olá {{primeiro_nome}}</p>');
    expect(canvasHtmlOf('<p>Só o corpo</p>')).toBe('<p>Só o corpo</p>');
  });

  it('has nothing to open from no HTML, blank HTML or an empty document', () => {
    for (const empty of [undefined, null, '', '   ', '<html><head></head><body> </body></html>'])
      expect(canvasHtmlOf(empty)).toBeUndefined();
  });
});
