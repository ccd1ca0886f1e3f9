import { describe, expect, it } from 'vitest';
import { PLAN_CATALOG, planRequestMailto, quotaLabel } from './plan-catalog.ts';
import { PLAN_IDS } from './plans.ts';

describe('plan catalogue', () => {
  it('has every plan id once, in order', () => {
    expect(PLAN_CATALOG.map((p) => p.id)).toEqual([...PLAN_IDS]);
  });

  it('shows 0 as Ilimitado and figures in pt-BR', () => {
    expect(quotaLabel(0)).toBe('Ilimitado');
    expect(quotaLabel(100000)).toBe('100.000');
  });

  it('prefills the plan request e-mail', () => {
    const link = planRequestMailto('vendas@exemplo.com', 'Premium', {
      name: 'Gabinete & Cia',
      slug: 'gab',
      plan: 'Básico',
    });
    expect(link.startsWith('mailto:vendas@exemplo.com?subject=')).toBe(true);
    const url = new URL(link);
    expect(url.searchParams.get('subject')).toBe('Mudança de plano: Premium (Gabinete & Cia)');
    expect(url.searchParams.get('body')).toContain('do plano Básico para o plano Premium');
  });
});
