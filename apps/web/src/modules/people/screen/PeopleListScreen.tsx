import { MenuOutlined } from '@ant-design/icons';
import { MAP_TEXTS, type SegmentType, SIDEBAR_WIDTH } from '@mandato/domain';
import { Button, Card, Drawer, Empty, Spin } from 'antd';
import { lazy, Suspense, useCallback, useReducer, useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { useAccessContext } from '../../../platform/session/useAccessContext.ts';
import { FilterBuilder } from '../../segments/filter-builder/FilterBuilder.tsx';
import { SegmentsMenu } from '../../segments/menu/SegmentsMenu.tsx';
import { visibleSegmentTypes } from '../../segments/segmentTypes.ts';
import { SegmentTitle } from '../../segments/title/SegmentTitle.tsx';
import { PeopleToolbar } from '../toolbar/PeopleToolbar.tsx';
import { type Editor, Editors } from './Editors.tsx';
import { RecordsView } from './RecordsView.tsx';
import { initialScreen, screenReducer, specialSegment } from './screenState.ts';
import { useRecordActions } from './useRecordActions.ts';
import { useRecordsList } from './useRecordsList.ts';
import { useSelectedSegment } from './useSelectedSegment.ts';
import '../people.css';

/** The map (Leaflet) is its own chunk: only the map view downloads it. */
const PeopleMapView = lazy(() => import('../../people-map/components/PeopleMapView.tsx'));

/** The people list screen (spec 2 §2): sider of saved lists, filter, toolbar and the list. */
export function PeopleListScreen({ defaultType }: { defaultType: SegmentType }) {
  const ctx = useAccessContext();
  const mobile = useIsMobile();
  const types = visibleSegmentTypes(ctx);
  const [state, dispatch] = useReducer(screenReducer, defaultType, initialScreen);
  const [editor, setEditor] = useState<Editor>(null);
  const [siderOpen, setSiderOpen] = useState(false);
  const lists = useRecordsList(state);
  const clearSelection = useCallback(() => dispatch({ kind: 'setSelected', selected: [] }), []);
  const actions = useRecordActions(state.type, clearSelection);
  useSelectedSegment(state, dispatch);

  const segmentsMenu = (
    <SegmentsMenu
      types={types}
      selected={state.segment}
      onSelect={(segment) => {
        dispatch({ kind: 'selectSegment', segment });
        setSiderOpen(false);
      }}
      onRemoved={(removed) => {
        if (removed.code === state.segment.code) {
          dispatch({ kind: 'selectSegment', segment: specialSegment(removed.type) });
        }
      }}
    />
  );

  const openNew = () =>
    setEditor(state.type === 'COMPANY' ? { kind: 'company' } : { kind: 'person', type: state.type });
  const openEdit = (code: number) =>
    setEditor(
      state.type === 'COMPANY' ? { kind: 'company', code } : { kind: 'person', type: state.type, code },
    );

  return (
    <section className="people-screen" aria-label="Pessoas">
      {!mobile && (
        <aside className="people-screen__sider" style={{ width: SIDEBAR_WIDTH }}>
          {segmentsMenu}
        </aside>
      )}
      <div className="people-screen__main">
        <header className="people-screen__header">
          {mobile && (
            <Button icon={<MenuOutlined />} aria-label="Segmentações" onClick={() => setSiderOpen(true)} />
          )}
          <SegmentTitle
            key={`${state.segment.code}:${state.segment.name}`}
            segment={state.segment}
            expression={state.expression}
            onSaved={(segment) => dispatch({ kind: 'selectSegment', segment })}
          />
        </header>
        <Card size="small" className="people-screen__filters">
          <FilterBuilder
            key={`${state.type}:${state.builderKey}`}
            type={state.type}
            expression={state.expression}
            onChange={(expression) => dispatch({ kind: 'setExpression', expression })}
          />
        </Card>
        <PeopleToolbar
          segment={state.segment}
          expression={state.expression}
          total={lists.people.data?.total}
          mobile={mobile}
          selectedCount={state.selected.length}
          view={state.view}
          onView={(view) => dispatch({ kind: 'setView', view })}
          onNew={openNew}
          onBulkDelete={() => actions.removeMany(state.selected)}
        />
        {state.view === 'map' ? (
          state.type === 'COMPANY' ? (
            <Card data-testid="map-view">
              <Empty description={MAP_TEXTS.companies} />
            </Card>
          ) : (
            <Suspense
              fallback={
                <span role="status" aria-label={MAP_TEXTS.loading}>
                  <Spin />
                </span>
              }
            >
              <PeopleMapView type={state.type} expression={state.expression} onOpenPerson={openEdit} />
            </Suspense>
          )
        ) : (
          <RecordsView
            state={state}
            dispatch={dispatch}
            lists={lists}
            mobile={mobile}
            onEdit={openEdit}
            onDelete={actions.removeOne}
            onPermissions={(person) => setEditor({ kind: 'access', person })}
          />
        )}
      </div>
      {mobile && (
        <Drawer
          open={siderOpen}
          placement="left"
          size={Math.min(SIDEBAR_WIDTH + 40, window.innerWidth)}
          title="Segmentações"
          onClose={() => setSiderOpen(false)}
        >
          {segmentsMenu}
        </Drawer>
      )}
      <Editors editor={editor} onClose={() => setEditor(null)} onSaved={() => setEditor(null)} />
    </section>
  );
}
