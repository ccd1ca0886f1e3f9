import { REPORT_TEXTS } from '@mandato/domain';
import { Card, Result, Typography } from 'antd';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { tenantPath } from '../../platform/routing/paths.ts';
import { DatabaseStatusReport } from './DatabaseStatusReport.tsx';
import { GodfathersReport } from './GodfathersReport.tsx';
import { InteractionsReport } from './InteractionsReport.tsx';
import './reports.css';

/** The reports (spec 2 §2 "Reports"): the menu and one route per report. */
export const REPORT_ROUTES = [
  { path: 'status-da-base', title: REPORT_TEXTS.databaseStatus, hint: REPORT_TEXTS.databaseStatusHint },
  { path: 'apadrinhados', title: REPORT_TEXTS.godfathers, hint: REPORT_TEXTS.godfathersHint },
  { path: 'interacoes', title: REPORT_TEXTS.interactions, hint: REPORT_TEXTS.interactionsHint },
  { path: 'nps', title: REPORT_TEXTS.nps, hint: REPORT_TEXTS.npsHint },
] as const;

function ReportsMenu({ base }: { base: string }) {
  return (
    <PageShell title={REPORT_TEXTS.title}>
      <nav aria-label={REPORT_TEXTS.title} className="reports-menu">
        {REPORT_ROUTES.map((r) => (
          <Link key={r.path} to={`${base}/${r.path}`} data-testid={`report-link-${r.path}`}>
            <Card hoverable style={{ height: '100%' }}>
              <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
                {r.title}
              </Typography.Title>
              <Typography.Text type="secondary">{r.hint}</Typography.Text>
            </Card>
          </Link>
        ))}
      </nav>
    </PageShell>
  );
}

/** A report page: its title and a way back to the menu. */
export function ReportShell({
  base,
  title,
  extra,
  children,
}: {
  base: string;
  title: string;
  extra?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <PageShell title={title} extra={extra}>
      <Link to={base} style={{ display: 'inline-block', marginBottom: 16 }}>
        ← {REPORT_TEXTS.back}
      </Link>
      {children}
    </PageShell>
  );
}

/** /relatorios/nps: the path exists but the spec does not describe the screen. */
function NpsComingSoon({ base }: { base: string }) {
  return (
    <ReportShell base={base} title={REPORT_TEXTS.nps}>
      <Card>
        <Result status="info" title={REPORT_TEXTS.comingSoon} subTitle={REPORT_TEXTS.comingSoonText} />
      </Card>
    </ReportShell>
  );
}

export function ReportsPage() {
  const { slug = '' } = useParams();
  const base = tenantPath(slug, 'relatorios');
  return (
    <Routes>
      <Route index element={<ReportsMenu base={base} />} />
      <Route path="status-da-base" element={<DatabaseStatusReport base={base} />} />
      <Route path="apadrinhados" element={<GodfathersReport base={base} />} />
      <Route path="interacoes" element={<InteractionsReport base={base} />} />
      <Route path="nps" element={<NpsComingSoon base={base} />} />
      <Route path="*" element={<Navigate to={base} replace />} />
    </Routes>
  );
}
