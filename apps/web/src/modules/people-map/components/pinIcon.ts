import { MAP_TEXTS, type MapLocation, PIN_COLORS, type PinKind, pinKind, VOTE_LABELS } from '@mandato/domain';
import L from 'leaflet';

/** What the pin says to a screen reader: how many people and their vote(s). */
export function pinLabel(location: MapLocation): string {
  const kind = pinKind(location.votes);
  return MAP_TEXTS.pinLabel(location.count, kind === 'MIXED' ? MAP_TEXTS.mixed : VOTE_LABELS[kind]);
}

/** A round pin with the count, its diameter growing with the digits. */
export function pinIcon(count: number, kind: PinKind): L.DivIcon {
  const text = count.toLocaleString('pt-BR');
  const size = Math.max(32, 14 + text.length * 8);
  return L.divIcon({
    className: `map-pin map-pin--${kind.toLowerCase()}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The marker element as a named, coloured, keyboard-operable button. */
export function decoratePin(element: HTMLElement, location: MapLocation, open: () => void) {
  const kind = pinKind(location.votes);
  element.setAttribute('aria-label', pinLabel(location));
  element.dataset.testid = 'map-pin';
  element.dataset.kind = kind;
  element.dataset.count = String(location.count);
  element.style.backgroundColor = PIN_COLORS[kind];
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      open();
    }
  });
}
