import {
  BIRTHDAY_SHOT_CODE,
  BIRTHDAY_TEXTS,
  SHOT_LIST_VIEWS,
  SHOT_SCREEN_TEXTS,
  SHOT_TEXTS,
  type ShotListView,
} from '@mandato/domain';
import { Button, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { useForbiddenRedirect } from '../marketing/hooks/useForbiddenRedirect.ts';
import { useOutboxInUse } from './hooks/useOutbox.ts';
import { useShotList } from './hooks/useShots.ts';
import { ShotList } from './list/ShotList.tsx';
import { OutboxView } from './outbox/OutboxView.tsx';
import { ShotsNav } from './ShotsNav.tsx';
import {
  birthdaySettingsPath,
  detailsPath,
  editorPath,
  SHOT_CHANNELS,
  SHOT_SEGMENTS,
  type ShotChannel,
} from './shotPaths.ts';
import './shots.css';

const T = SHOT_SCREEN_TEXTS;

/** 'Enviar E-mail' and 'Enviar SMS' (every list view), and in e-mail views the birthday shots' and their setting's links. */
function ShotsBar({ base, channel }: { base: string; channel: ShotChannel | null }) {
  const navigate = useNavigate();
  return (
    <div className="shots-home__bar">
      <Space wrap>
        <Button type="primary" onClick={() => navigate(editorPath(base, 'EMAIL'))}>
          {SHOT_TEXTS.sendEmail}
        </Button>
        <Button onClick={() => navigate(editorPath(base, 'SMS'))}>{SHOT_TEXTS.sendSms}</Button>
      </Space>
      {channel === 'email' && (
        <Space wrap size="middle">
          <Link to={detailsPath(base, 'EMAIL', BIRTHDAY_SHOT_CODE)}>{SHOT_TEXTS.birthdayLink}</Link>
          <Link to={birthdaySettingsPath(base)}>{BIRTHDAY_TEXTS.configure}</Link>
        </Space>
      )}
    </div>
  );
}

/** A list view of a channel from the API. */
function ChannelShotList({
  base,
  channel,
  view,
}: {
  base: string;
  channel: ShotChannel;
  view: ShotListView;
}) {
  const list = useShotList(SHOT_CHANNELS[channel], view);
  useForbiddenRedirect(list.error);
  return <ShotList shots={list.data?.list} loading={list.isLoading} error={list.isError} base={base} />;
}

/**
 * /marketing/disparos/{email|sms}/{view} and /marketing/caixa-de-saida: the side menu (a cascading
 * select below 768 px) beside the chosen list or the outbox.
 */
export function ShotsHome({
  base,
  screen,
}: {
  base: string;
  screen: { channel: ShotChannel; view: ShotListView } | 'outbox';
}) {
  const mobile = useIsMobile();
  const outboxInUse = useOutboxInUse();
  return (
    <PageShell title={SHOT_TEXTS.title}>
      <div className={mobile ? 'shots-home shots-home--mobile' : 'shots-home'}>
        <ShotsNav
          base={base}
          mobile={mobile}
          outbox={outboxInUse || screen === 'outbox'}
          selected={screen === 'outbox' ? SHOT_SEGMENTS.outbox : `${screen.channel}/${screen.view}`}
        />
        <div className="shots-home__content">
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
            {screen === 'outbox'
              ? T.outbox
              : `${screen.channel === 'email' ? T.email : T.sms} - ${SHOT_LIST_VIEWS[screen.view].label}`}
          </Typography.Title>
          {screen === 'outbox' ? (
            <OutboxView />
          ) : (
            <>
              <ShotsBar base={base} channel={screen.channel} />
              <ChannelShotList base={base} channel={screen.channel} view={screen.view} />
            </>
          )}
        </div>
      </div>
    </PageShell>
  );
}
