import { DUPLICATE_KEY_LABELS, MERGE_FIELD_LABELS as F, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { formatDate } from '../../platform/dateFormat.ts';
import { shownValue } from './mergeChoice.ts';
import type { DuplicateGroup, DuplicatePerson } from './privacyTypes.ts';

export const personName = (p: DuplicatePerson) => p.name?.trim() || `#${p.code}`;
export const groupNames = (group: DuplicateGroup) => group.people.map(personName).join(', ');
export const shownDate = (iso: string) => formatDate(iso);
const or = (value: string | undefined) => value || T.empty;

function PersonColumn({ person }: { person: DuplicatePerson }) {
  return (
    <Card size="small" style={{ flex: '1 1 220px', minWidth: 0 }} title={personName(person)}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'cpf', label: F.cpf, children: shownValue('cpf', person.cpf ?? '') },
          {
            key: 'email',
            label: F.email,
            children: <span style={{ wordBreak: 'break-all' }}>{or(person.email)}</span>,
          },
          { key: 'mobile', label: F.cellphone, children: shownValue('cellphone', person.mobile ?? '') },
          {
            key: 'birthDate',
            label: F.birthDate,
            children: person.birthDate ? shownDate(person.birthDate) : T.empty,
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.createdOn(shownDate(person.createdAt))}
      </Typography.Text>
    </Card>
  );
}

/** One candidate group: the keys shared and the score, the people side by side, 'Mesclar'. */
export function DuplicateGroupCard({ group, onMerge }: { group: DuplicateGroup; onMerge: () => void }) {
  const names = groupNames(group);
  return (
    <Card
      size="small"
      role="group"
      aria-label={names}
      style={{ marginBottom: 12 }}
      title={
        <Space wrap size={4}>
          {group.keys.map((key) => (
            <Tag key={key} color={key === group.key ? 'blue' : undefined}>
              {DUPLICATE_KEY_LABELS[key]}
            </Tag>
          ))}
          <Typography.Text strong>{T.score(group.score)}</Typography.Text>
        </Space>
      }
      extra={
        <Button type="primary" size="small" aria-label={T.mergeGroup(names)} onClick={onMerge}>
          {T.merge}
        </Button>
      }
    >
      <Flex wrap gap={12}>
        {group.people.map((person) => (
          <PersonColumn key={person.code} person={person} />
        ))}
      </Flex>
    </Card>
  );
}
