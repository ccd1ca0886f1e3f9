import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { VoteSchema } from '../crm/enums.ts';
import { OrderingAscendingSchema } from '../crm/search.schemas.ts';
import { FilterExpressionSchema } from '../filter/expression.ts';
import {
  BRAZIL_BOUNDS,
  MAP_DEFAULT_ZOOM,
  MAP_DRAWER_PAGE_SIZE,
  MAP_MAX_CELLS,
  MAP_MAX_ZOOM,
  MAP_MESSAGES,
  MAP_MIN_ZOOM,
  mapCellDegrees,
} from './map.constants.ts';

const TypeSchema = z.enum(['PERSON', 'TEAM'], { error: MESSAGES.notAllowed }).default('PERSON');
const latitude = z
  .number({ error: MAP_MESSAGES.latitude })
  .min(-90, MAP_MESSAGES.latitude)
  .max(90, MAP_MESSAGES.latitude);
const longitude = z
  .number({ error: MAP_MESSAGES.longitude })
  .min(-180, MAP_MESSAGES.longitude)
  .max(180, MAP_MESSAGES.longitude);
const zoom = z
  .number({ error: MAP_MESSAGES.zoom })
  .int(MAP_MESSAGES.zoom)
  .min(MAP_MIN_ZOOM, MAP_MESSAGES.zoom)
  .max(MAP_MAX_ZOOM, MAP_MESSAGES.zoom);
const cellIndex = z
  .number({ error: MAP_MESSAGES.cell })
  .int(MAP_MESSAGES.cell)
  .min(0, MAP_MESSAGES.cell)
  .max(2 ** 24, MAP_MESSAGES.cell);

/** The visible area of the map and its zoom: the grid of the zoom is cut to it. */
export const MapViewportSchema = z
  .strictObject({ south: latitude, west: longitude, north: latitude, east: longitude, zoom })
  .refine((v) => v.south <= v.north && v.west <= v.east, { error: MAP_MESSAGES.bounds })
  .refine(
    (v) => {
      const size = mapCellDegrees(v.zoom);
      const rows = Math.floor((v.north + 90) / size) - Math.floor((v.south + 90) / size) + 1;
      const columns = Math.floor((v.east + 180) / size) - Math.floor((v.west + 180) / size) + 1;
      return rows * columns <= MAP_MAX_CELLS;
    },
    { error: MAP_MESSAGES.tooManyCells },
  );
export type MapViewport = z.output<typeof MapViewportSchema>;

/** One cell of a zoom's grid: what a pin stands for (rows from latitude -90, columns from -180). */
export const MapCellSchema = z
  .strictObject({ zoom, row: cellIndex, column: cellIndex })
  .refine((c) => c.row < 180 / mapCellDegrees(c.zoom) && c.column < 360 / mapCellDegrees(c.zoom), {
    error: MAP_MESSAGES.cell,
  });
export type MapCell = z.output<typeof MapCellSchema>;

/**
 * POST /people/list-coordinates: the people of the expression and type in the viewport; without one
 * (the spec's client sends only the expression, spec 2 §7) the map as it opens: Brazil at its zoom.
 */
export const MapCoordinatesQuerySchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: TypeSchema,
  viewport: MapViewportSchema.default({ ...BRAZIL_BOUNDS, zoom: MAP_DEFAULT_ZOOM }),
});
export type MapCoordinatesQuery = z.output<typeof MapCoordinatesQuerySchema>;

/** Map location (spec 2 §3): latitude, longitude and the votes there, plus its count and cell. */
export const MapLocationSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    votes: z.array(z.object({ vote: VoteSchema, count: z.number() })),
    count: z.number(),
    cell: z.object({ zoom: z.number(), row: z.number(), column: z.number() }),
  })
  .meta({ id: 'MapLocation' });
export type MapLocation = z.infer<typeof MapLocationSchema>;

/** The answer of list-coordinates: the pins of the viewport and how many people they hold. */
export const MapCoordinatesSchema = z.object({
  list: z.array(MapLocationSchema),
  total: z.number(),
});
export type MapCoordinates = z.infer<typeof MapCoordinatesSchema>;

/** POST /people/find-by-location: the people of one pin, paged by name (10 per page). */
export const MapFindByLocationSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: TypeSchema,
  /** where the pin stands (spec 2 §7); the cell says which people it holds */
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  cell: MapCellSchema,
  orderingAscending: OrderingAscendingSchema,
  ...pageQuery(MAP_DRAWER_PAGE_SIZE, 100),
});
export type MapFindByLocation = z.output<typeof MapFindByLocationSchema>;

const inBrazil = (p: { latitude: number; longitude: number }) =>
  p.latitude >= BRAZIL_BOUNDS.south &&
  p.latitude <= BRAZIL_BOUNDS.north &&
  p.longitude >= BRAZIL_BOUNDS.west &&
  p.longitude <= BRAZIL_BOUNDS.east;

/** PUT /people/update-coordinates: moves the people of one pin to a point inside Brazil. */
export const MapUpdateCoordinatesSchema = z
  .strictObject({
    expression: FilterExpressionSchema.default([]),
    type: TypeSchema,
    latitude,
    longitude,
    cell: MapCellSchema,
  })
  .refine(inBrazil, { error: MAP_MESSAGES.outsideBrazil, path: ['latitude'] });
export type MapUpdateCoordinates = z.output<typeof MapUpdateCoordinatesSchema>;

export const MapMovedSchema = z.object({ moved: z.number() });

/** Vote summary of a location: total and each vote with its share of the location (percent). */
export const MapVoteSummarySchema = z.object({
  total: z.number(),
  toConquer: z.number(),
  conquered: z.number(),
  lost: z.number(),
});
export type MapVoteSummary = z.infer<typeof MapVoteSummarySchema>;
