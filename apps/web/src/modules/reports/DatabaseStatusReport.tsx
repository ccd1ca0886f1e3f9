import { REPORT_MONTH_PRESETS, REPORT_TEXTS, type ReportMonthPreset, zonedDate } from '@mandato/domain';
import { Alert, Button, Card, DatePicker, Skeleton, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { GrowthChart } from './GrowthChart.tsx';
import { useDatabaseStatus, useEntriesPerPeriod } from './hooks/useReports.ts';
import { ReportShell } from './ReportsPage.tsx';
import { brDate, type DayRange, defaultGrowthRange, monthPresetRange } from './reportDates.ts';

const number = new Intl.NumberFormat('pt-BR');
const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

function Figure({
  title,
  value,
  share,
  testId,
}: {
  title: string;
  value?: number;
  share?: number;
  testId: string;
}) {
  return (
    <Card size="small">
      <Statistic
        title={title}
        value={value === undefined ? '–' : number.format(value)}
        suffix={
          share === undefined ? undefined : <span style={{ fontSize: 14 }}>({percent.format(share)}%)</span>
        }
        valueStyle={{ fontSize: 26 }}
        data-testid={testId}
      />
    </Card>
  );
}

/** 'Status da Base': the figures and the growth chart 'Total de Cadastros no Mês'. */
export function DatabaseStatusReport({ base }: { base: string }) {
  const today = zonedDate(new Date());
  const [range, setRange] = useState<DayRange>(() => defaultGrowthRange(today));
  // the default range (6 months back) is the semester preset
  const [preset, setPreset] = useState<ReportMonthPreset | undefined>('semester');
  const status = useDatabaseStatus();
  const entries = useEntriesPerPeriod(range.beginDate, range.endDate);
  const s = status.data;

  const choosePreset = (key: ReportMonthPreset) => {
    setPreset(key);
    setRange(monthPresetRange(key, today));
  };
  const chooseMonths = (values: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = values ?? [];
    if (!from || !to) return;
    setPreset(undefined);
    const end = to.endOf('month').format('YYYY-MM-DD');
    setRange({
      beginDate: from.startOf('month').format('YYYY-MM-DD'),
      endDate: [end, today].sort()[0] ?? today,
    });
  };

  return (
    <ReportShell base={base} title={REPORT_TEXTS.databaseStatus}>
      {status.isError && (
        <Alert type="error" showIcon message={REPORT_TEXTS.databaseStatus} style={{ marginBottom: 16 }} />
      )}
      <div className="reports-figures" data-testid="database-status">
        <Figure title={REPORT_TEXTS.total} value={s?.total} testId="status-total" />
        <Figure
          title={REPORT_TEXTS.conquered}
          value={s?.conquered}
          share={s?.conqueredPercentage}
          testId="status-conquered"
        />
        <Figure
          title={REPORT_TEXTS.toConquer}
          value={s?.toconquer}
          share={s?.toConquerPercentage}
          testId="status-toconquer"
        />
        <Figure title={REPORT_TEXTS.lost} value={s?.lost} share={s?.lostPercentage} testId="status-lost" />
      </div>
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{REPORT_TEXTS.growthTitle}</h2>}
        styles={{ header: { flexWrap: 'wrap' } }}
      >
        <div className="reports-toolbar">
          <Space wrap size={8} role="group" aria-label={REPORT_TEXTS.period}>
            {REPORT_MONTH_PRESETS.map((p) => (
              <Button
                key={p.key}
                size="small"
                type={preset === p.key ? 'primary' : 'default'}
                aria-pressed={preset === p.key}
                onClick={() => choosePreset(p.key)}
              >
                {p.label}
              </Button>
            ))}
          </Space>
          <DatePicker.RangePicker
            picker="month"
            format="MM/YYYY"
            allowClear={false}
            aria-label={REPORT_TEXTS.period}
            placeholder={[REPORT_TEXTS.beginMonth, REPORT_TEXTS.endMonth]}
            value={[dayjs(range.beginDate), dayjs(range.endDate)]}
            disabledDate={(d) => d.isAfter(dayjs(today), 'month')}
            onChange={chooseMonths}
            data-testid="growth-range"
          />
        </div>
        {entries.data ? (
          <GrowthChart
            data={entries.data}
            label={REPORT_TEXTS.chartLabel(brDate(range.beginDate), brDate(range.endDate))}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 5 }} />
        )}
      </Card>
    </ReportShell>
  );
}
