import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  formatCpf,
  POLITICAL_OFFICE_LABELS,
  POLITICIAN_TEXTS,
  type Politician,
} from '@mandato/domain';
import { Button, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { historyPagination } from '../../platform/ui/list/tablePagination.tsx';
import { usePoliticians } from './hooks/usePoliticians.ts';
import { PoliticianDialog } from './PoliticianDialog.tsx';

const T = POLITICIAN_TEXTS;
const PAGE_SIZE = 20;

type Editing = { politician?: Politician } | null;

/** Configurações › Sistema › Políticos: the list, search, new and edit (ROLE_CONFIG). */
export function PoliticiansView() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = usePoliticians({
    searchString: search || undefined,
    active: showInactive ? undefined : true,
    page,
    itemsPerPage: PAGE_SIZE,
  });

  return (
    <section aria-labelledby="politicians-title">
      <Typography.Title level={4} id="politicians-title" style={{ marginTop: 0 }}>
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            aria-label={T.search}
            placeholder={T.search}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => setSearch(v.trim())}
            style={{ width: 340, maxWidth: '100%' }}
          />
          <Space>
            <Switch
              id="politicians-inactive"
              checked={showInactive}
              onChange={(v) => {
                setShowInactive(v);
                setPage(1);
              }}
            />
            <label htmlFor="politicians-inactive">{T.showInactive}</label>
          </Space>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {T.add}
        </Button>
      </Space>
      <Table<Politician>
        rowKey="code"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: T.empty }}
        scroll={{ x: 720 }}
        pagination={historyPagination(page, PAGE_SIZE, list.data?.total ?? 0, setPage)}
        columns={[
          {
            key: 'name',
            title: T.columns.name,
            render: (_, p) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{p.name}</Typography.Text>
                {p.ballotName && <Typography.Text type="secondary">{p.ballotName}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'office',
            title: T.columns.office,
            render: (_, p) => POLITICAL_OFFICE_LABELS[p.politicalOffice],
          },
          { key: 'party', title: T.columns.party, dataIndex: 'politicalParty' },
          { key: 'number', title: T.columns.number, render: (_, p) => p.candidateNumber ?? '—' },
          { key: 'cpf', title: T.columns.cpf, render: (_, p) => formatCpf(p.cpf) },
          {
            key: 'status',
            title: T.columns.status,
            render: (_, p) => (
              <Tag color={p.active ? 'green' : 'default'}>{p.active ? T.active : T.inactive}</Tag>
            ),
          },
          {
            key: 'actions',
            title: T.columns.actions,
            render: (_, p) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${T.edit} ${p.name}`}
                onClick={() => setEditing({ politician: p })}
              >
                {T.edit}
              </Button>
            ),
          },
        ]}
      />
      {editing && <PoliticianDialog politician={editing.politician} onClose={() => setEditing(null)} />}
    </section>
  );
}
