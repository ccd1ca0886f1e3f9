import { describe, expect, it } from 'vitest';
import {
  BRAZIL_BOUNDS,
  MAP_DEFAULT_ZOOM,
  MAP_MESSAGES,
  mapCellDegrees,
  mapCellOf,
  pinKind,
  sharePercent,
} from './map.constants.ts';
import { MapCoordinatesQuerySchema, MapUpdateCoordinatesSchema } from './map.schemas.ts';

describe('map grid and pins', () => {
  it('halves the cell at each zoom, zoom 4 a 5.625° square', () => {
    expect(mapCellDegrees(4)).toBe(5.625);
    expect(mapCellDegrees(5)).toBe(5.625 / 2);
    const a = mapCellOf(12, -23.55, -46.63);
    const b = mapCellOf(4, -23.55, -46.63);
    expect(Math.floor(a.row / 256)).toBe(b.row);
    expect(Math.floor(a.column / 256)).toBe(b.column);
  });

  it('colours one vote by it and several as mixed; a pin without votes is an error', () => {
    expect(pinKind([{ vote: 'CONQUERED', count: 3 }])).toBe('CONQUERED');
    expect(
      pinKind([
        { vote: 'LOST', count: 1 },
        { vote: 'TO_CONQUER', count: 0 },
      ]),
    ).toBe('LOST');
    expect(
      pinKind([
        { vote: 'LOST', count: 1 },
        { vote: 'TO_CONQUER', count: 2 },
      ]),
    ).toBe('MIXED');
    expect(() => pinKind([])).toThrow(MAP_MESSAGES.pinWithoutVotes);
    expect(sharePercent(1, 3)).toBe(33);
    expect(sharePercent(1, 0)).toBe(0);
  });

  it('refuses points outside Brazil or the globe, and viewports too big for their zoom', () => {
    const cell = { zoom: 10, row: 10, column: 10 };
    const ok = MapUpdateCoordinatesSchema.safeParse({ latitude: -15.8, longitude: -47.9, cell });
    expect(ok.success).toBe(true);
    const paris = MapUpdateCoordinatesSchema.safeParse({ latitude: 48.85, longitude: 2.35, cell });
    expect(paris.error?.issues[0]?.message).toBe(MAP_MESSAGES.outsideBrazil);
    const off = MapUpdateCoordinatesSchema.safeParse({ latitude: 91, longitude: -47.9, cell });
    expect(off.error?.issues[0]?.message).toBe(MAP_MESSAGES.latitude);
    const view = (zoom: number) => ({
      viewport: { south: -34, west: -74, north: 6, east: -28, zoom },
    });
    expect(MapCoordinatesQuerySchema.safeParse(view(4)).success).toBe(true);
    // the spec's client sends the expression alone: the map as it opens, Brazil at zoom 4
    expect(MapCoordinatesQuerySchema.parse({ expression: [] }).viewport).toEqual({
      ...BRAZIL_BOUNDS,
      zoom: MAP_DEFAULT_ZOOM,
    });
    expect(MapCoordinatesQuerySchema.safeParse(view(12)).error?.issues[0]?.message).toBe(
      MAP_MESSAGES.tooManyCells,
    );
  });
});
