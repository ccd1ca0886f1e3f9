import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  BIRTHDAY_SHOT_CODE,
  SHOT_REPORT_KEYS,
  SHOT_REPORTS,
  SHOT_SCREEN_TEXTS,
  SHOT_TEXTS,
  type ShotType,
  SMS_SHOT_REPORT_KEYS,
  SMS_SHOT_REPORTS,
} from '@mandato/domain';
import { Alert, Button, Result, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../platform/api/errors.ts';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { BirthdayShots } from '../birthday/BirthdayShots.tsx';
import { useShot } from '../hooks/useShots.ts';
import { isShotType, listPath } from '../shotPaths.ts';
import { ShotDetailsHeader } from './ShotDetailsHeader.tsx';
import { ShotReportTab } from './ShotReportTab.tsx';
import '../shots.css';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';

const T = SHOT_SCREEN_TEXTS;
/** A shot code of the route: a positive integer of at most 15 digits. */
const CODE = /^[1-9]\d{0,14}$/;

function NotFound() {
  return <Result status="404" title={SHOT_TEXTS.notFound} />;
}

/** The tabs of each channel in order: e-mail's seven of spec 3 §2.1, SMS's five (issue 27). */
const REPORT_TABS = {
  EMAIL: SHOT_REPORT_KEYS.map((key) => ({ key, label: SHOT_REPORTS[key] })),
  SMS: SMS_SHOT_REPORT_KEYS.map((key) => ({ key, label: SMS_SHOT_REPORTS[key] })),
} as const;

/** The channel's report tabs; a tab loads when first opened. */
function ShotReports({ type, code, live }: { type: ShotType; code: number; live: boolean }) {
  return (
    <Tabs
      className="shot-report-tabs"
      aria-label={T.reportTabs}
      items={REPORT_TABS[type].map(({ key, label }) => ({
        key,
        label,
        children: <ShotReportTab type={type} code={code} report={key} live={live} />,
      }))}
    />
  );
}

function ShotDetails({ type, code }: { type: ShotType; code: number }) {
  const shot = useShot(type, code);
  useForbiddenRedirect(shot.error);
  if (shot.isLoading) return <LoadingBlock style={{ margin: '32px auto' }} />;
  if (shot.error instanceof ApiError && shot.error.status === 404) return <NotFound />;
  if (shot.isError || !shot.data) return <Alert type="error" showIcon title={SHOT_TEXTS.shotError} />;
  if (shot.data.type !== type) return <NotFound />;
  return (
    <>
      <ShotDetailsHeader shot={shot.data} />
      <ShotReports type={type} code={code} live={shot.data.status === 'SENDING'} />
    </>
  );
}

/** /marketing/detalhes-envio/{EMAIL|SMS}/{code|aniversariantes} */
export function ShotDetailsPage({ base }: { base: string }) {
  const navigate = useNavigate();
  const { shotType, shotCode } = useParams();
  const birthday = shotType === 'EMAIL' && shotCode === BIRTHDAY_SHOT_CODE;
  const code = shotCode && CODE.test(shotCode) ? Number(shotCode) : null;
  const title = birthday ? T.birthdayTitle : T.detailsTitle;

  let content = <NotFound />;
  if (birthday) content = <BirthdayShots base={base} />;
  else if (isShotType(shotType) && code !== null) content = <ShotDetails type={shotType} code={code} />;

  return (
    <PageShell
      title={title}
      extra={
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(listPath(base, shotType === 'SMS' ? 'sms' : 'email', 'enviados'))}
        >
          {T.back}
        </Button>
      }
    >
      {content}
    </PageShell>
  );
}
