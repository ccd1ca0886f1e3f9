import type { FilterExpression } from '@mandato/domain';
import {
  DRAWER_WIDTH,
  MAP_DRAWER_PAGE_SIZE,
  MAP_TEXTS,
  type MapLocation,
  type MapVoteSummary,
  PERSON_MESSAGES,
  type Person,
  sharePercent,
  VOTE_LABELS,
} from '@mandato/domain';
import { Button, Card, Drawer, Empty, Pagination, Spin, Tabs, Tag } from 'antd';
import { footerText } from '../../../platform/ui/list/footerText.ts';
import type { MapPeopleType } from '../api.ts';
import { useLocationPeople } from '../hooks/usePeopleMap.ts';

const VOTE_TAG_COLORS = { CONQUERED: 'green', LOST: 'red', TO_CONQUER: 'orange' } as const;

function ContactsTab({
  people,
  total,
  page,
  onPage,
  onOpenPerson,
}: {
  people: Person[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  onOpenPerson: (code: number) => void;
}) {
  if (total === 0) return <Empty description="Nenhuma registro encontrado" />;
  return (
    <div className="people-map__contacts">
      <ul className="people-map__people" aria-label={MAP_TEXTS.contactsTab}>
        {people.map((person) => {
          const name = person.name ?? PERSON_MESSAGES.unnamed;
          return (
            <li key={person.code} className="people-map__person">
              <Button
                type="link"
                onClick={() => onOpenPerson(person.code)}
                aria-label={MAP_TEXTS.openPerson(name)}
              >
                {name}
              </Button>
              <Tag color={VOTE_TAG_COLORS[person.vote]}>{VOTE_LABELS[person.vote]}</Tag>
            </li>
          );
        })}
      </ul>
      <div className="people-map__footer">
        <span data-testid="map-drawer-footer">{footerText(total, page, MAP_DRAWER_PAGE_SIZE)}</span>
        <Pagination
          size="small"
          current={page}
          pageSize={MAP_DRAWER_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
        />
      </div>
    </div>
  );
}

function SummaryTab({ summary }: { summary: MapVoteSummary }) {
  const cards = [
    { key: 'total', label: MAP_TEXTS.total, value: summary.total },
    { key: 'toConquer', label: MAP_TEXTS.toConquer, value: summary.toConquer },
    { key: 'conquered', label: MAP_TEXTS.conquered, value: summary.conquered },
    { key: 'lost', label: MAP_TEXTS.lost, value: summary.lost },
  ];
  return (
    <div className="people-map__summary">
      {cards.map((card) => (
        <Card key={card.key} size="small" data-testid={`map-summary-${card.key}`}>
          <div className="people-map__summary-label">{card.label}</div>
          <div className="people-map__summary-value">{card.value.toLocaleString('pt-BR')}</div>
          <div className="people-map__summary-share">
            {sharePercent(card.value, summary.total)}% {MAP_TEXTS.ofLocation}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** 'Pessoas nesta localização': the people of a pin (10 a page) and their votes. */
export function LocationDrawer({
  type,
  expression,
  location,
  page,
  mobile,
  onPage,
  onClose,
  onOpenPerson,
  onMove,
}: {
  type: MapPeopleType;
  expression: FilterExpression;
  location: MapLocation | null;
  page: number;
  mobile: boolean;
  onPage: (page: number) => void;
  onClose: () => void;
  onOpenPerson: (code: number) => void;
  /** starts moving the pin's people to a point clicked on the map */
  onMove: () => void;
}) {
  const people = useLocationPeople(type, expression, location, page);
  const data = people.data;
  return (
    <Drawer
      open={location !== null}
      title={MAP_TEXTS.drawerTitle}
      size={mobile ? '100%' : DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button onClick={onMove} disabled={!data || data.total === 0}>
          {MAP_TEXTS.move}
        </Button>
      }
    >
      {!data ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            {
              key: 'contacts',
              label: MAP_TEXTS.contactsTab,
              children: (
                <ContactsTab
                  people={data.list}
                  total={data.total}
                  page={page}
                  onPage={onPage}
                  onOpenPerson={onOpenPerson}
                />
              ),
            },
            { key: 'summary', label: MAP_TEXTS.summaryTab, children: <SummaryTab summary={data.summary} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
