import { describe, expect, it } from 'vitest';
import {
  defaultEnd,
  newInteraction,
  startNow,
  validateInteraction,
  withBeginTime,
} from './interactionForm.ts';

const USER = '0b6f1d1e-3c59-4d1b-9f51-5a3f7c1b2a10';

describe('interaction form rules (spec 2 §4, §5, §9)', () => {
  it('ends 5 minutes after the start, within the day', () => {
    expect(defaultEnd('08:00')).toBe('08:05');
    expect(defaultEnd('09:55')).toBe('10:00');
    expect(defaultEnd('23:57')).toBe('23:59');
  });

  it('resets the end whenever the start changes', () => {
    const values = { ...newInteraction(USER), beginTime: '10:00', endTime: '11:30' };
    expect(withBeginTime(values, '14:20')).toMatchObject({ beginTime: '14:20', endTime: '14:25' });
  });

  it('defaults: WhatsApp, the current user, today, now on the 5-minute grid', () => {
    const now = new Date('2025-03-10T17:37:00Z'); // 14:37 in São Paulo
    expect(startNow(now)).toEqual({ date: '2025-03-10', time: '14:35' });
    expect(newInteraction(USER, now)).toMatchObject({
      source: 'WHATSAPP',
      responsibleCode: USER,
      date: '2025-03-10',
      beginTime: '14:35',
      endTime: '14:40',
      isConcluded: false,
    });
  });

  it('requires responsible, day and description; concluded when asked', () => {
    const values = newInteraction(undefined, new Date('2025-03-10T17:37:00Z'));
    const invalid = validateInteraction({ ...values, date: '' }, 5);
    expect(invalid.payload).toBeUndefined();
    expect(invalid.errors.responsibleCode).toEqual(['Campo Obrigatório']);
    expect(invalid.errors.description).toEqual(['Campo Obrigatório']);
    expect(invalid.errors.date).toEqual(['Campo Obrigatório']);
    const ok = validateInteraction({ ...values, responsibleCode: USER, description: 'Ligou' }, 5);
    expect(ok.payload).toMatchObject({
      beginDate: '2025-03-10 14:35',
      endDate: '2025-03-10 14:40',
      status: 'IN_PROGRESS',
      personCode: 5,
      source: 'WHATSAPP',
    });
    expect(
      validateInteraction({ ...values, responsibleCode: USER, description: 'x' }, 5, true).payload?.status,
    ).toBe('CONCLUDED');
    expect(
      validateInteraction({ ...values, responsibleCode: USER, description: 'x', isConcluded: true }, 5)
        .payload?.status,
    ).toBe('CONCLUDED');
  });
});
