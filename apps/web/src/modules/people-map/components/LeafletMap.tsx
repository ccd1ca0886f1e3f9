import {
  DEFAULT_TILE_URL,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_TEXTS,
  MAP_TILE_MAX_ZOOM,
  MAP_TIMEOUT_MS,
  type MapLocation,
  pinKind,
} from '@mandato/domain';
import { Alert } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { MapView } from '../api.ts';
import { decoratePin, pinIcon } from './pinIcon.ts';

/** Map load states (spec 2 §2): of the background tiles; pins and drawer work in every one. */
export type TileState = 'untouched' | 'loading' | 'loaded' | 'failed';

const TILE_URL = import.meta.env.TILE_URL || DEFAULT_TILE_URL;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The view of the map as the API takes it (latitude and longitude inside their ranges). */
function viewOf(map: L.Map): MapView {
  const bounds = map.getBounds();
  return {
    south: clamp(bounds.getSouth(), -90, 90),
    west: clamp(bounds.getWest(), -180, 180),
    north: clamp(bounds.getNorth(), -90, 90),
    east: clamp(bounds.getEast(), -180, 180),
    zoom: map.getZoom(),
  };
}

/**
 * Leaflet centred on Brazil at zoom 4 with the configured XYZ tiles. Reports the view after each
 * move or zoom; draws one pin per location. Without a tile after MAP_TIMEOUT_MS the failure
 * indicator shows; the pins stay usable.
 */
export function LeafletMap({
  locations,
  onView,
  onPin,
  onPoint,
}: {
  locations: MapLocation[];
  onView: (view: MapView) => void;
  onPin: (location: MapLocation) => void;
  /** while set, a click on the map gives its point (moving a pin) */
  onPoint?: (point: { latitude: number; longitude: number }) => void;
}) {
  const container = useRef<HTMLElement>(null);
  const pins = useRef<L.LayerGroup | null>(null);
  const handlers = useRef({ onView, onPin, onPoint });
  handlers.current = { onView, onPin, onPoint };
  const [tiles, setTiles] = useState<TileState>('untouched');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      center: [MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude],
      zoom: MAP_DEFAULT_ZOOM,
      minZoom: 3,
      maxZoom: MAP_TILE_MAX_ZOOM,
      zoomControl: false,
    });
    L.control.zoom({ zoomInTitle: MAP_TEXTS.zoomIn, zoomOutTitle: MAP_TEXTS.zoomOut }).addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    let loaded = false;
    setTiles('loading');
    const timer = window.setTimeout(() => {
      if (!loaded) setTiles('failed');
    }, MAP_TIMEOUT_MS);
    L.tileLayer(TILE_URL, { attribution: MAP_TEXTS.attribution, maxZoom: MAP_TILE_MAX_ZOOM })
      .on('tileload', () => {
        loaded = true;
        setTiles('loaded');
      })
      .addTo(map);
    pins.current = L.layerGroup().addTo(map);
    map.on('moveend', () => handlers.current.onView(viewOf(map)));
    map.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onPoint?.({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
    );
    handlers.current.onView(viewOf(map));
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(element);
    return () => {
      window.clearTimeout(timer);
      resize.disconnect();
      map.remove();
      pins.current = null;
    };
  }, []);

  useEffect(() => {
    const group = pins.current;
    if (!group) return;
    group.clearLayers();
    for (const location of locations) {
      const open = () => handlers.current.onPin(location);
      const marker = L.marker([location.latitude, location.longitude], {
        icon: pinIcon(location.count, pinKind(location.votes)),
        keyboard: true,
        riseOnHover: true,
      }).on('click', open);
      group.addLayer(marker);
      const element = marker.getElement();
      if (element) decoratePin(element, location, open);
    }
  }, [locations]);

  return (
    <div className={`people-map__frame${onPoint ? ' people-map__frame--picking' : ''}`} data-tiles={tiles}>
      {tiles === 'failed' && (
        <Alert
          className="people-map__tiles-failed"
          type="warning"
          showIcon
          role="status"
          data-testid="map-tiles-failed"
          title={MAP_TEXTS.tilesFailed}
        />
      )}
      <section ref={container} className="people-map__canvas" aria-label={MAP_TEXTS.mapLabel} />
    </div>
  );
}
