import { PIN_COLORS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { decoratePin, pinIcon, pinLabel } from './pinIcon.ts';

const location = (votes: { vote: 'CONQUERED' | 'LOST' | 'TO_CONQUER'; count: number }[]) => ({
  latitude: -8,
  longitude: -35,
  count: votes.reduce((sum, v) => sum + v.count, 0),
  votes,
  cell: { zoom: 4, row: 14, column: 25 },
});

describe('map pins', () => {
  it('names the pin by its count and vote, mixed when several', () => {
    expect(pinLabel(location([{ vote: 'CONQUERED', count: 1 }]))).toBe(
      '1 pessoa nesta localização, Conquistado. Abrir lista',
    );
    expect(
      pinLabel(
        location([
          { vote: 'LOST', count: 2 },
          { vote: 'TO_CONQUER', count: 1 },
        ]),
      ),
    ).toBe('3 pessoas nesta localização, votos variados. Abrir lista');
  });

  it('shows the count and grows with its digits', () => {
    const small = pinIcon(7, 'LOST').options;
    const big = pinIcon(123_456, 'MIXED').options;
    expect(small.html).toContain('>7<');
    expect(big.html).toContain('123.456');
    expect((big.iconSize as [number, number])[0]).toBeGreaterThan((small.iconSize as [number, number])[0]);
  });

  it('colours the marker and opens it with Enter or Space', () => {
    const element = document.createElement('div');
    let opened = 0;
    decoratePin(element, location([{ vote: 'TO_CONQUER', count: 2 }]), () => {
      opened += 1;
    });
    expect(element.getAttribute('aria-label')).toContain('A conquistar');
    expect(element.dataset.kind).toBe('TO_CONQUER');
    expect(element.style.backgroundColor).toBe('rgb(173, 78, 0)');
    expect(PIN_COLORS.TO_CONQUER).toBe('#ad4e00');
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(opened).toBe(2);
  });
});
