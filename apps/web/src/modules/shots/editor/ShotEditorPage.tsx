import {
  SHOT_EDITOR_TEXTS,
  SHOT_TEXTS,
  type Shot,
  type ShotStatus,
  type ShotType,
  SMS_TEXTS,
} from '@mandato/domain';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../platform/api/errors.ts';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../../platform/routing/paths.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useEditedShot } from '../hooks/useShotEditor.ts';
import { editorPath, listPath, type ShotChannel } from '../shotPaths.ts';
import { SmsShotEditor } from '../sms-editor/SmsShotEditor.tsx';
import { EmailShotEditor } from './EmailShotEditor.tsx';

const CODE = /^[1-9]\d{0,15}$/;

/** What differs between the two channels' editor screens. */
const CHANNELS: Record<ShotType, { list: ShotChannel; newTitle: string; editTitle: string }> = {
  EMAIL: { list: 'email', newTitle: SHOT_EDITOR_TEXTS.newTitle, editTitle: SHOT_EDITOR_TEXTS.editTitle },
  SMS: { list: 'sms', newTitle: SMS_TEXTS.newTitle, editTitle: SMS_TEXTS.editTitle },
};

function NotFound() {
  return <Result status="404" title={SHOT_TEXTS.notFound} />;
}

/**
 * /marketing/novo-envio/:shotType/:shotCode? (spec 3 §2.1; issues 26 and 27): the e-mail or SMS
 * editor, new or a draft (`?segment=` preselects the list).
 */
export function ShotEditorPage() {
  const { slug = '', shotType, shotCode } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // the code this screen created: its URL changes to it, the editor stays as it is
  const [created, setCreated] = useState<string>();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);
  const type = shotType === 'EMAIL' || shotType === 'SMS' ? shotType : undefined;
  const channel = type && CHANNELS[type];
  const title = channel ? (shotCode ? channel.editTitle : channel.newTitle) : SHOT_TEXTS.notFound;

  if (!type || !channel || (shotCode !== undefined && !CODE.test(shotCode))) return <NotFound />;
  const segment = Number(search.get('segment'));
  const opened = shotCode !== undefined && shotCode !== created ? shotCode : undefined;
  return (
    <PageShell
      title={title}
      extra={
        <Button onClick={() => navigate(listPath(base, channel.list, 'enviados'))}>
          {SHOT_EDITOR_TEXTS.backToList}
        </Button>
      }
    >
      <ShotLoader
        key={`${type}:${opened ?? 'new'}`}
        type={type}
        code={opened}
        presetSegment={Number.isSafeInteger(segment) && segment > 0 ? segment : undefined}
        base={base}
        onCreated={(code) => {
          setCreated(String(code));
          navigate(editorPath(base, type, code), { replace: true });
        }}
      />
    </PageShell>
  );
}

interface EditorProps {
  shot?: Shot;
  presetSegment?: number;
  onCreated: (code: number) => void;
  onDone: (scheduled: boolean) => void;
}

/**
 * Opens the draft `code` (only drafts edit, spec 3 §4), or a new shot. A shot that is not a draft
 * when it opens says so and goes to its list; one that stops being a draft while open (its own send
 * or schedule, then a refetch) leaves through `onDone` without that notice.
 */
function ShotLoader({
  type,
  code,
  presetSegment,
  base,
  onCreated,
}: {
  type: ShotType;
  code?: string;
  presetSegment?: number;
  base: string;
  onCreated: (code: number) => void;
}) {
  const navigate = useNavigate();
  const shot = useEditedShot(type, code);
  useForbiddenRedirect(shot.error);
  const list = CHANNELS[type].list;
  const loaded = shot.data?.type === type ? shot.data.status : undefined;
  const statusOnOpen = useRef<ShotStatus>(undefined);
  if (statusOnOpen.current === undefined) statusOnOpen.current = loaded;
  const onOpen = statusOnOpen.current;
  const notEditable = onOpen !== undefined && onOpen !== 'DRAFT';
  const onDone = (scheduled: boolean) => navigate(listPath(base, list, scheduled ? 'agendados' : 'enviados'));

  useEffect(() => {
    if (onOpen === undefined || onOpen === 'DRAFT') return;
    notifyError(SHOT_TEXTS.notEditable);
    navigate(listPath(base, list, onOpen === 'SCHEDULED' ? 'agendados' : 'enviados'), { replace: true });
  }, [onOpen, navigate, base, list]);

  const editor = (props: EditorProps) =>
    type === 'EMAIL' ? <EmailShotEditor {...props} /> : <SmsShotEditor {...props} base={base} />;
  if (code === undefined) return editor({ presetSegment, onCreated, onDone });
  if (shot.isLoading || notEditable) return <LoadingBlock style={{ margin: '48px auto' }} />;
  if (isApiError(shot.error, 404)) return <NotFound />;
  if (shot.error || !shot.data) return <Result status="error" title={SHOT_EDITOR_TEXTS.loadError} />;
  if (shot.data.type !== type) return <NotFound />;
  return editor({ shot: shot.data, onCreated, onDone });
}
