import { canAccess, type FilterExpression, MAP_TEXTS, type MapLocation } from '@mandato/domain';
import { Button, Card, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { useAccessContext } from '../../../platform/session/useAccessContext.ts';
import type { MapPeopleType, MapView } from '../api.ts';
import { useMapPins, useMovePin } from '../hooks/usePeopleMap.ts';
import { LeafletMap } from './LeafletMap.tsx';
import { LocationDrawer } from './LocationDrawer.tsx';
import { RevalidateButton } from './RevalidateButton.tsx';
import '../peopleMap.css';

/** 'Revalidar pontos' needs ROLE_TEAM and the double-check-coordinates module (spec 2 §2). */
const REVALIDATE_RULE = { module: 'doubleCheckCoordinates', roles: ['ROLE_TEAM'] } as const;

/**
 * The map view of the people screen: the people of the expression and type grouped in pins by the
 * server for the visible area and zoom; a pin opens 'Pessoas nesta localização'.
 */
export default function PeopleMapView({
  type,
  expression,
  onOpenPerson,
}: {
  type: MapPeopleType;
  expression: FilterExpression;
  onOpenPerson: (code: number) => void;
}) {
  const mobile = useIsMobile();
  const ctx = useAccessContext();
  const [view, setView] = useState<MapView | null>(null);
  const [location, setLocation] = useState<MapLocation | null>(null);
  const [page, setPage] = useState(1);
  const pins = useMapPins(type, expression, view);
  // moving a pin: its people go to the next point clicked on the map (Escape or Cancelar stops)
  const [moving, setMoving] = useState<MapLocation | null>(null);
  const move = useMovePin();
  useEffect(() => {
    if (!moving) return;
    const stop = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMoving(null);
    };
    window.addEventListener('keydown', stop);
    return () => window.removeEventListener('keydown', stop);
  }, [moving]);
  const moveTo = async (point: { latitude: number; longitude: number }) => {
    if (!moving) return;
    const { cell } = moving;
    setMoving(null);
    try {
      await move.mutateAsync({ type, expression, cell, ...point });
    } catch {
      // 'Erro ao atualizar coordenadas' (with the reason) already shown
    }
  };
  return (
    <Card size="small" className="people-map" data-testid="map-view">
      <div className="people-map__bar">
        <span className="people-map__status" aria-live="polite">
          {pins.isFetching ? (
            <span role="status" aria-label={MAP_TEXTS.loading}>
              <Spin size="small" />
            </span>
          ) : null}
          {pins.data && pins.data.total === 0 ? MAP_TEXTS.empty : null}
          {moving && (
            <span className="people-map__moving" data-testid="map-moving">
              {MAP_TEXTS.moveHint}
              <Button size="small" onClick={() => setMoving(null)}>
                {MAP_TEXTS.cancel}
              </Button>
            </span>
          )}
        </span>
        {canAccess(ctx, { ...REVALIDATE_RULE, roles: [...REVALIDATE_RULE.roles] }) && (
          <RevalidateButton type={type} expression={expression} />
        )}
      </div>
      <LeafletMap
        locations={pins.data?.list ?? []}
        onView={setView}
        onPin={(pin) => {
          if (moving) return;
          setPage(1);
          setLocation(pin);
        }}
        onPoint={moving ? (point) => void moveTo(point) : undefined}
      />
      <LocationDrawer
        type={type}
        expression={expression}
        location={location}
        page={page}
        mobile={mobile}
        onPage={setPage}
        onClose={() => setLocation(null)}
        onOpenPerson={onOpenPerson}
        onMove={() => {
          setMoving(location);
          setLocation(null);
        }}
      />
    </Card>
  );
}
