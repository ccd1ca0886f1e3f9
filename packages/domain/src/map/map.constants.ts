import type { Vote } from '../crm/enums.ts';

/** XYZ tiles when TILE_URL is not set (the server's CSP allows the same origin). */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The tile server's most detailed zoom. */
export const MAP_TILE_MAX_ZOOM = 18;

/** Brazil's bounds (spec 2 §2 "Map view"): a point moved on the map must fall inside them. */
export const BRAZIL_BOUNDS = { south: -33.4507, north: 5.1619, west: -73.5926, east: -28.5 } as const;
/** The map opens centred on Brazil at this zoom (spec 2 §9). */
export const MAP_DEFAULT_ZOOM = 4;
export const MAP_DEFAULT_CENTER = {
  latitude: (BRAZIL_BOUNDS.south + BRAZIL_BOUNDS.north) / 2,
  longitude: (BRAZIL_BOUNDS.west + BRAZIL_BOUNDS.east) / 2,
} as const;
/** Without tiles for this long the map shows its failure indicator (spec 2 §9: 10000 ms). */
export const MAP_TIMEOUT_MS = 10_000;
/** People per page in the drawer 'Pessoas nesta localização' (spec 2 §9). */
export const MAP_DRAWER_PAGE_SIZE = 10;
/** Zoom levels the map and the API accept. */
export const MAP_MIN_ZOOM = 1;
export const MAP_MAX_ZOOM = 20;
/** A single point gets this range around it when the map fits the pins (spec 2 §2). */
export const MAP_SINGLE_POINT_RANGE = { latitude: 3, longitude: 6 } as const;

/**
 * Server-side clustering: at zoom z people are grouped by a grid of square cells of
 * `mapCellDegrees(z)` degrees (a quarter of a 256-pixel web tile: about 64 pixels on screen), each
 * zoom's cells the four quarters of the one before (zoom 4: 5.625°, zoom 12: about 2.4 km).
 * Row and column count from latitude -90 and longitude -180.
 */
export const mapCellDegrees = (zoom: number): number => 90 / 2 ** zoom;
/** The cell of a point at a zoom (the same arithmetic the server's SQL does). */
export function mapCellOf(zoom: number, latitude: number, longitude: number) {
  const size = mapCellDegrees(zoom);
  return { zoom, row: Math.floor((latitude + 90) / size), column: Math.floor((longitude + 180) / size) };
}
/** A viewport may cover at most this many cells of its zoom (a 4K screen needs about 2,100). */
export const MAP_MAX_CELLS = 10_000;

/** What a location's votes look like on its pin (spec 2 §2). */
export type PinKind = Vote | 'MIXED';
/** Pin colours: green conquered, red lost, orange to conquer, purple for several vote kinds. */
export const PIN_COLORS: Record<PinKind, string> = {
  CONQUERED: '#237804',
  LOST: '#cf1322',
  TO_CONQUER: '#ad4e00',
  MIXED: '#722ed1',
};

/** The pin kind of a location: its single vote, or MIXED; a location needs at least one vote. */
export function pinKind(votes: readonly { vote: Vote; count: number }[]): PinKind {
  const present = votes.filter((v) => v.count > 0);
  if (present.length === 0) throw new Error(MAP_MESSAGES.pinWithoutVotes);
  return present.length === 1 ? (present[0] as { vote: Vote }).vote : 'MIXED';
}

/** Share of a part in a whole, as a whole percent (0 when the whole is 0). */
export const sharePercent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part * 100) / whole) : 0;

/** Every pt-BR text of the map (spec 2 §2, §8); 'Revalidar pontos' texts are GEO_MESSAGES (geo/). */
export const MAP_MESSAGES = {
  listFailed: 'Erro obter coordenadas das pessoas',
  updateFailed: 'Erro ao atualizar coordenadas',
  updated: 'Coordenadas atualizadas com sucesso',
  pinWithoutVotes: 'Um indicador no mapa deve correponder a, pelo menos, um voto',
  loadFailed: 'Falha ao tentar carregar o mapa',
  listPeopleFailed: 'Falha ao tentar listar pessoas',
  latitude: 'Latitude deve estar entre -90 e 90',
  longitude: 'Longitude deve estar entre -180 e 180',
  outsideBrazil: 'O ponto deve estar dentro do Brasil',
  bounds: 'Área do mapa inválida',
  tooManyCells: 'Área do mapa grande demais para este zoom',
  zoom: `Zoom deve estar entre 1 e 20`,
  cell: 'Localização inválida',
  nothingToMove: 'Nenhuma pessoa nesta localização',
} as const;

/** Labels of the map screen. */
export const MAP_TEXTS = {
  drawerTitle: 'Pessoas nesta localização',
  contactsTab: 'Contatos',
  summaryTab: 'Resumo de Votos',
  total: 'Total',
  toConquer: 'A conquistar',
  conquered: 'Conquistados',
  lost: 'Perdidos',
  ofLocation: 'da localização',
  mapLabel: 'Mapa de pessoas',
  loading: 'Carregando mapa...',
  tilesFailed: 'Não foi possível carregar o mapa de fundo. Os indicadores continuam disponíveis.',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores do OpenStreetMap</a>',
  tileStates: { untouched: 'não iniciado', loading: 'carregando', loaded: 'carregado', failed: 'falhou' },
  zoomIn: 'Aproximar',
  zoomOut: 'Afastar',
  pinLabel: (count: number, kind: string) =>
    `${count} ${count === 1 ? 'pessoa' : 'pessoas'} nesta localização, ${kind}. Abrir lista`,
  mixed: 'votos variados',
  empty: 'Nenhuma pessoa com localização nesta área',
  openPerson: (name: string) => `Abrir ${name}`,
  move: 'Mover pontos',
  moveHint: 'Clique no mapa no novo local destes pontos',
  cancel: 'Cancelar',
  companies: 'O mapa mostra pessoas e membros da equipe. Escolha uma lista de pessoas.',
} as const;
