import { DownloadOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AMENDMENT_DEFAULT_FILTER_STATUS,
  AMENDMENT_PAGE_SIZE,
  AMENDMENT_PAGE_SIZES,
  AMENDMENT_STATUS_LABELS,
  AMENDMENT_TEXTS,
  type Amendment,
  type AmendmentStatus,
  formatBrl,
  isNotPositive,
} from '@mandato/domain';
import { Button, Col, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { RemoteSelect } from '../../platform/ui/autocomplete/RemoteSelect.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import { AmendmentDialog, knownContact, STATUS_OPTIONS } from './AmendmentDialog.tsx';
import type { AmendmentFilters } from './api.ts';
import { useAmendments, useExportAmendments } from './hooks/useAmendments.ts';
import { MunicipalityInput } from './MunicipalityInput.tsx';

const T = AMENDMENT_TEXTS;
const C = T.columns;

interface FilterDraft {
  contact?: number;
  contactName?: string;
  year: string;
  title: string;
  receiver: string;
  status?: AmendmentStatus;
}

const INITIAL_DRAFT: FilterDraft = {
  year: '',
  title: '',
  receiver: '',
  status: AMENDMENT_DEFAULT_FILTER_STATUS,
};

function filtersOf(d: FilterDraft): AmendmentFilters {
  const year = /^\d{4}$/.test(d.year) ? Number(d.year) : undefined;
  return {
    contact: d.contact,
    year,
    title: d.title.trim() || undefined,
    receiver: d.receiver.trim() || undefined,
    status: d.status,
  };
}

type Editing = { amendment?: Amendment } | null;

/** Gestão de Emendas (spec 3 §2.2): filters, summary, the table, new/edit dialogs and export. */
export function AmendmentsPage() {
  const [draft, setDraft] = useState<FilterDraft>(INITIAL_DRAFT);
  const [filters, setFilters] = useState<AmendmentFilters>(() => filtersOf(INITIAL_DRAFT));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(AMENDMENT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useAmendments({ ...filters, page, itemsPerPage: pageSize });
  const exporting = useExportAmendments();
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) =>
    setDraft((prev) => ({ ...prev, [key]: value }));

  const apply = () => {
    setFilters(filtersOf(draft));
    setPage(1);
  };

  const total = list.data?.total ?? 0;
  const summary = list.data ? (total === 0 ? T.empty : T.summary(total, formatBrl(list.data.sum))) : '';

  return (
    <PageShell
      title={T.title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {T.add}
        </Button>
      }
    >
      <Form
        layout="vertical"
        component="form"
        aria-label={T.filter}
        onSubmitCapture={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Row gutter={12} align="bottom">
          <Col xs={24} md={12} lg={6}>
            <FormField id="amendments-filter-contact" label={T.fields.contact}>
              <RemoteSelect
                ariaLabel={T.fields.contact}
                lookup={LOOKUPS.person}
                placeholder={T.contactSearch}
                known={draft.contact ? [{ code: draft.contact, name: draft.contactName ?? '' }] : undefined}
                style={{ width: '100%' }}
                value={draft.contact ? [draft.contact] : []}
                onChange={(codes, picked) => {
                  set('contact', codes[0]);
                  set('contactName', picked[0]?.name);
                }}
              />
            </FormField>
          </Col>
          <Col xs={12} md={6} lg={3}>
            <FormField id="amendments-filter-year" label={T.fields.year}>
              <Input
                id="amendments-filter-year"
                inputMode="numeric"
                maxLength={4}
                value={draft.year}
                onChange={(e) => set('year', e.target.value.replace(/\D/g, ''))}
              />
            </FormField>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <FormField id="amendments-filter-status" label={T.fields.status}>
              <Select
                id="amendments-filter-status"
                allowClear
                placeholder={T.anyStatus}
                options={STATUS_OPTIONS}
                value={draft.status}
                onChange={(v) => set('status', v)}
                style={{ width: '100%' }}
              />
            </FormField>
          </Col>
          <Col xs={24} md={12} lg={5}>
            <FormField id="amendments-filter-title" label={T.fields.title}>
              <MunicipalityInput
                id="amendments-filter-title"
                value={draft.title}
                placeholder={T.municipalitySearch}
                onChange={(v) => set('title', v)}
              />
            </FormField>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <FormField id="amendments-filter-receiver" label={T.fields.receiver}>
              <Input
                id="amendments-filter-receiver"
                maxLength={150}
                value={draft.receiver}
                onChange={(e) => set('receiver', e.target.value)}
              />
            </FormField>
          </Col>
        </Row>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" icon={<FilterOutlined />}>
            {T.filter}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(filters)}
          >
            {T.export}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph strong data-testid="amendments-summary" aria-live="polite">
        {summary}
      </Typography.Paragraph>
      <Table<Amendment>
        rowKey="code"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: T.empty }}
        scroll={{ x: 900 }}
        onRow={(a) => ({ onClick: () => setEditing({ amendment: a }), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize,
          total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: AMENDMENT_PAGE_SIZES.map(String),
          onChange: (p, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setPage(1);
            } else setPage(p);
          },
        }}
        columns={[
          { key: 'year', title: C.year, dataIndex: 'year', width: 70 },
          {
            key: 'title',
            title: C.title,
            render: (_, a) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                // named by its visible title (WCAG 2.5.3: a voice user says what they see)
                aria-haspopup="dialog"
                onClick={(e) => {
                  e.stopPropagation();
                  setEditing({ amendment: a });
                }}
              >
                {a.title}
              </Button>
            ),
          },
          { key: 'description', title: C.description, render: (_, a) => a.description ?? '' },
          { key: 'receiver', title: C.receiver, render: (_, a) => a.receiver ?? '' },
          {
            key: 'value',
            title: C.value,
            align: 'right',
            render: (_, a) => (
              <Typography.Text
                type={isNotPositive(a.value) ? 'danger' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatBrl(a.value)}
              </Typography.Text>
            ),
          },
          { key: 'status', title: C.status, render: (_, a) => AMENDMENT_STATUS_LABELS[a.status] },
          {
            key: 'contact',
            title: C.contact,
            render: (_, a) => (a.contact === null ? '' : (a.contactName ?? knownContact(a)?.[0]?.name)),
          },
        ]}
      />
      {editing && <AmendmentDialog amendment={editing.amendment} onClose={() => setEditing(null)} />}
    </PageShell>
  );
}
