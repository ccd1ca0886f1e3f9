import { SHOT_EDITOR_TEXTS, SHOT_TEXTS, SMS_TEXTS } from '@mandato/domain';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../platform/api/errors.ts';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../../platform/routing/paths.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useSmsShot } from '../hooks/useSmsEditor.ts';
import { editorPath, listPath } from '../shotPaths.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { SmsShotEditor } from './SmsShotEditor.tsx';

const CODE = /^[1-9]\d{0,15}$/;

function NotFound() {
  return <Result status="404" title={SHOT_TEXTS.notFound} />;
}

/** /marketing/novo-envio/SMS/:shotCode? (spec 3 §2.1; issue 27): a new SMS or a draft; `?segment=` preselects the list. */
export function SmsEditorScreen() {
  const { slug = '', shotCode } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // the code this screen created: its URL changes to it, the editor stays as it is
  const [created, setCreated] = useState<string>();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);
  const title = shotCode ? SMS_TEXTS.editTitle : SMS_TEXTS.newTitle;
  useDocumentTitle(title);

  if (shotCode !== undefined && !CODE.test(shotCode)) return <NotFound />;
  const segment = Number(search.get('segment'));
  const opened = shotCode !== undefined && shotCode !== created ? shotCode : undefined;
  return (
    <PageShell
      title={title}
      extra={
        <Button onClick={() => navigate(listPath(base, 'sms', 'enviados'))}>
          {SHOT_EDITOR_TEXTS.backToList}
        </Button>
      }
    >
      <SmsShotLoader
        key={opened ?? 'new'}
        code={opened}
        presetSegment={Number.isSafeInteger(segment) && segment > 0 ? segment : undefined}
        base={base}
        onCreated={(code) => {
          setCreated(String(code));
          navigate(editorPath(base, 'SMS', code), { replace: true });
        }}
      />
    </PageShell>
  );
}

/** Opens the draft `code` (only drafts edit, spec 3 §4), or a new SMS. */
function SmsShotLoader({
  code,
  presetSegment,
  base,
  onCreated,
}: {
  code?: string;
  presetSegment?: number;
  base: string;
  onCreated: (code: number) => void;
}) {
  const navigate = useNavigate();
  const shot = useSmsShot(code);
  useForbiddenRedirect(shot.error);
  const status = shot.data?.type === 'SMS' ? shot.data.status : undefined;
  const notEditable = status !== undefined && status !== 'DRAFT';
  /** after a send or a schedule: the list where the shot now is */
  const onDone = (scheduled: boolean) =>
    navigate(listPath(base, 'sms', scheduled ? 'agendados' : 'enviados'));

  useEffect(() => {
    if (status === undefined || status === 'DRAFT') return;
    notifyError(SHOT_TEXTS.notEditable);
    navigate(listPath(base, 'sms', status === 'SCHEDULED' ? 'agendados' : 'enviados'), { replace: true });
  }, [status, navigate, base]);

  if (code === undefined)
    return <SmsShotEditor presetSegment={presetSegment} base={base} onCreated={onCreated} onDone={onDone} />;
  if (shot.isLoading || notEditable) return <LoadingBlock style={{ margin: '48px auto' }} />;
  if (isApiError(shot.error, 404)) return <NotFound />;
  if (shot.error || !shot.data) return <Result status="error" title={SHOT_EDITOR_TEXTS.loadError} />;
  if (shot.data.type !== 'SMS') return <NotFound />;
  return <SmsShotEditor shot={shot.data} base={base} onCreated={onCreated} onDone={onDone} />;
}
