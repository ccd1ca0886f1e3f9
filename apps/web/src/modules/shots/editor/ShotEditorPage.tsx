import { SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../platform/api/errors.ts';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../../platform/routing/paths.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useEmailShot } from '../hooks/useShotEditor.ts';
import { editorPath, listPath, SHOT_SEGMENTS } from '../shotPaths.ts';
import { SmsEditorScreen } from '../sms-editor/SmsEditorScreen.tsx';
import { EmailShotEditor } from './EmailShotEditor.tsx';

const T = SHOT_EDITOR_TEXTS;
const CODE = /^[1-9]\d{0,15}$/;

function NotFound() {
  return <Result status="404" title={SHOT_TEXTS.notFound} />;
}

/**
 * /marketing/novo-envio/:shotType/:shotCode? (spec 3 §2.1; issue 26): the e-mail editor, new or a
 * draft (`?segment=` preselects the list); SMS has its own screen (issue 27).
 */
export function ShotEditorPage() {
  const { slug = '', shotType, shotCode } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // the code this screen created: its URL changes to it, the editor stays as it is
  const [created, setCreated] = useState<string>();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);

  if (shotType === 'SMS') return <SmsEditorScreen />;
  if (shotType !== 'EMAIL' || (shotCode !== undefined && !CODE.test(shotCode))) return <NotFound />;

  const segment = Number(search.get('segment'));
  const opened = shotCode !== undefined && shotCode !== created ? shotCode : undefined;
  return (
    <PageShell
      title={shotCode ? T.editTitle : T.newTitle}
      extra={<Button onClick={() => navigate(`${base}/${SHOT_SEGMENTS.lists}`)}>{T.backToList}</Button>}
    >
      <EmailShotLoader
        key={opened ?? 'new'}
        code={opened}
        presetSegment={Number.isSafeInteger(segment) && segment > 0 ? segment : undefined}
        base={base}
        onCreated={(code) => {
          setCreated(String(code));
          navigate(editorPath(base, 'EMAIL', code), { replace: true });
        }}
      />
    </PageShell>
  );
}

/** Opens the draft `code` (only drafts edit, spec 3 §4), or a new shot. */
function EmailShotLoader({
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
  const shot = useEmailShot(code);
  useForbiddenRedirect(shot.error);
  const status = shot.data?.type === 'EMAIL' ? shot.data.status : undefined;
  const notEditable = status !== undefined && status !== 'DRAFT';
  /** after a send or a schedule: the list where the shot now is */
  const onDone = (scheduled: boolean) =>
    navigate(listPath(base, 'email', scheduled ? 'agendados' : 'enviados'));

  useEffect(() => {
    if (status === undefined || status === 'DRAFT') return;
    notifyError(SHOT_TEXTS.notEditable);
    navigate(listPath(base, 'email', status === 'SCHEDULED' ? 'agendados' : 'enviados'), { replace: true });
  }, [status, navigate, base]);

  if (code === undefined)
    return <EmailShotEditor presetSegment={presetSegment} onCreated={onCreated} onDone={onDone} />;
  if (shot.isLoading || notEditable) return <LoadingBlock style={{ margin: '48px auto' }} />;
  if (isApiError(shot.error, 404)) return <NotFound />;
  if (shot.error || !shot.data) return <Result status="error" title={T.loadError} />;
  if (shot.data.type !== 'EMAIL') return <NotFound />;
  return <EmailShotEditor shot={shot.data} onCreated={onCreated} onDone={onDone} />;
}
