import { describe, expect, it } from 'vitest';
import { serializeParams } from '../../../platform/api/params.ts';
import { projectDataOf, savedProjectData } from './projectData.ts';

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
