import { canAccess, INTERACTION_STATUS_LABELS, INTERACTION_STATUSES, REPORT_TEXTS } from '@mandato/domain';
import { Button, Checkbox, DatePicker, Drawer, Form, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { RemoteSelect } from '../../platform/ui/autocomplete/RemoteSelect.tsx';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import { UserSelect } from '../users/UserSelect.tsx';
import type { InteractionReportFilters } from './api.ts';

/** Spec 2 §9: the filters drawer is 341 px wide. */
export const FILTERS_DRAWER_WIDTH = 341;

/**
 * 'Filtros avançados' (spec 2 §2): a left drawer, no mask, with every filter of the interaction
 * report (§3) and the buttons Limpar and Filtrar. Edits a draft; Filtrar applies it.
 */
export function InteractionFiltersDrawer({
  open,
  value,
  initial,
  onApply,
  onClose,
}: {
  open: boolean;
  value: InteractionReportFilters;
  /** what Limpar goes back to */
  initial: InteractionReportFilters;
  onApply: (filters: InteractionReportFilters) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(value);
  // the person and tag pickers search the people area: a user with reports only filters without them
  const canPickPeople = canAccess(useAccessContext(), 'people');
  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);
  const set = (change: Partial<InteractionReportFilters>) => setDraft((d) => ({ ...d, ...change }));

  return (
    <Drawer
      title={REPORT_TEXTS.advancedFilters}
      placement="left"
      width={FILTERS_DRAWER_WIDTH}
      mask={false}
      open={open}
      onClose={onClose}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={() => setDraft(initial)}>{REPORT_TEXTS.clear}</Button>
          <Button type="primary" onClick={() => onApply(draft)}>
            {REPORT_TEXTS.filter}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        {canPickPeople && (
          <Form.Item label={REPORT_TEXTS.person} htmlFor="report-person">
            <RemoteSelect
              lookup={LOOKUPS.person}
              ariaLabel={REPORT_TEXTS.person}
              value={draft.personCode ? [draft.personCode] : []}
              onChange={(codes) => set({ personCode: codes.at(-1) })}
              placeholder={REPORT_TEXTS.person}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        <Form.Item label={REPORT_TEXTS.responsible}>
          <UserSelect
            ariaLabel={REPORT_TEXTS.responsible}
            value={draft.userResponsibleCode ? [draft.userResponsibleCode] : []}
            onChange={(codes) => set({ userResponsibleCode: codes.at(-1) })}
            placeholder={REPORT_TEXTS.responsible}
          />
        </Form.Item>
        <Form.Item label={REPORT_TEXTS.dateRange}>
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            style={{ width: '100%' }}
            aria-label={REPORT_TEXTS.dateRange}
            value={[dayjs(draft.beginDate), dayjs(draft.endDate)]}
            onChange={(values) => {
              const [from, to] = values ?? [];
              if (from && to) set({ beginDate: from.format('YYYY-MM-DD'), endDate: to.format('YYYY-MM-DD') });
            }}
          />
        </Form.Item>
        <Form.Item label={REPORT_TEXTS.status}>
          <Select
            aria-label={REPORT_TEXTS.status}
            disabled={draft.considerOnlyLateInteractions}
            value={draft.status ?? ''}
            onChange={(v) =>
              set({ status: v === '' ? undefined : (v as InteractionReportFilters['status']) })
            }
            options={[
              { value: '', label: REPORT_TEXTS.anyStatus },
              ...INTERACTION_STATUSES.map((s) => ({ value: s, label: INTERACTION_STATUS_LABELS[s] })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox
            checked={draft.considerOnlyLateInteractions}
            onChange={(e) => set({ considerOnlyLateInteractions: e.target.checked })}
          >
            {REPORT_TEXTS.onlyLate}
          </Checkbox>
        </Form.Item>
        {canPickPeople && (
          <Form.Item label={REPORT_TEXTS.personTags}>
            <RemoteSelect
              lookup={LOOKUPS.tag}
              multiple
              ariaLabel={REPORT_TEXTS.personTags}
              value={draft.personTagCodes}
              onChange={(codes) => set({ personTagCodes: codes })}
              placeholder={REPORT_TEXTS.personTags}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
