import { SHOT_ACTIONS, SHOT_SCREEN_TEXTS, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useCloneShot, useRemoveShot, useUnscheduleShot } from '../hooks/useShots.ts';
import { shotTitle } from '../shotFormat.ts';
import { detailsPath, editorPath } from '../shotPaths.ts';

const T = SHOT_TEXTS;

/** The row actions the shot's status allows (spec 3 §4, SHOT_ACTIONS), in that order. */
export function ShotActions({ shot, base }: { shot: Shot; base: string }) {
  const navigate = useNavigate();
  const remove = useRemoveShot();
  const clone = useCloneShot();
  const unschedule = useUnscheduleShot();
  useForbiddenRedirect(remove.error ?? clone.error ?? unschedule.error);
  const subject = shotTitle(shot);
  const label = (action: string) => `${action} ${subject}`;

  const buttons = {
    edit: (
      <Button
        key="edit"
        size="small"
        aria-label={label(T.edit)}
        onClick={() => navigate(editorPath(base, shot.type, shot.code))}
      >
        {T.edit}
      </Button>
    ),
    remove: (
      <Popconfirm
        key="remove"
        title={T.removeConfirm}
        okText="Sim"
        cancelText="Não"
        onConfirm={() => remove.mutateAsync(shot).catch(() => undefined)}
      >
        <Button size="small" danger loading={remove.isPending} aria-label={label(T.remove)}>
          {T.remove}
        </Button>
      </Popconfirm>
    ),
    clone: (
      <Button
        key="clone"
        size="small"
        loading={clone.isPending}
        aria-label={label(T.clone)}
        onClick={() =>
          clone
            .mutateAsync(shot)
            .then((copy) => navigate(editorPath(base, copy.type, copy.code)))
            .catch(() => undefined)
        }
      >
        {T.clone}
      </Button>
    ),
    unschedule: (
      <Button
        key="unschedule"
        size="small"
        loading={unschedule.isPending}
        aria-label={label(T.unschedule)}
        onClick={() => unschedule.mutateAsync(shot).catch(() => undefined)}
      >
        {T.unschedule}
      </Button>
    ),
    report: (
      <Button
        key="report"
        size="small"
        type="primary"
        aria-label={label(T.viewReport)}
        onClick={() => navigate(detailsPath(base, shot.type, shot.code))}
      >
        {T.viewReport}
      </Button>
    ),
  };

  return (
    <Space wrap size={4} role="group" aria-label={SHOT_SCREEN_TEXTS.actionsOf(subject)}>
      {SHOT_ACTIONS[shot.status].map((action) => buttons[action])}
    </Space>
  );
}
