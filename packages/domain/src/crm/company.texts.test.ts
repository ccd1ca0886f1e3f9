import { describe, expect, it } from 'vitest';
import { COMPANY_DRAWER_TEXTS } from './company.texts.ts';
import { SEGMENT_TYPE_LABELS } from './enums.ts';
import { QUICK_ACTIONS_TEXTS } from './quick-search.ts';

describe('what the screens call a company', () => {
  it('names a company a voting place, as the COMPANY list does', () => {
    expect(SEGMENT_TYPE_LABELS.COMPANY).toBe('Locais de Votação');
    const texts = [
      COMPANY_DRAWER_TEXTS.newTitle,
      COMPANY_DRAWER_TEXTS.editTitle,
      QUICK_ACTIONS_TEXTS.addCompany,
    ];
    expect(texts).toEqual(['Novo local de votação', 'Editar local de votação', 'Adicionar local de votação']);
    for (const text of texts) expect(text).not.toMatch(/empresa/i);
  });
});
