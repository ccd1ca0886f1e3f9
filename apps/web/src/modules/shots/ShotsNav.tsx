import {
  BIRTHDAY_SHOT_CODE,
  BIRTHDAY_TEXTS,
  SHOT_LIST_VIEWS,
  SHOT_SCREEN_TEXTS,
  SHOT_TEXTS,
  type ShotListView,
  SMS_TEXTS,
} from '@mandato/domain';
import { Cascader, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { birthdaySettingsPath, detailsPath, SHOT_SEGMENTS, type ShotChannel } from './shotPaths.ts';

const T = SHOT_SCREEN_TEXTS;
const CHANNEL_LABELS: Record<ShotChannel, string> = { email: T.email, sms: T.sms };
const VIEWS = Object.keys(SHOT_LIST_VIEWS) as ShotListView[];
/** spec 3 §9: the marketing side menu's width */
export const SHOTS_NAV_WIDTH = 275;

/** The e-mail group's 'aniversariantes' area: the birthday shots and their setting. */
const BIRTHDAY_ITEMS = [
  { view: 'aniversariantes', label: SHOT_TEXTS.birthdayLink },
  { view: 'aniversariantes-configurar', label: BIRTHDAY_TEXTS.settingsTitle },
] as const;
/** The SMS group's settings (identification, quiet hours): /marketing/disparos/sms/configuracoes. */
const SMS_ITEMS = [{ view: 'configuracoes', label: SMS_TEXTS.settingsTitle }] as const;
const channelItems = (c: ShotChannel) => [
  ...VIEWS.map((v) => ({ view: v as string, label: SHOT_LIST_VIEWS[v].label })),
  ...(c === 'email' ? BIRTHDAY_ITEMS : SMS_ITEMS),
];

/** The key of a screen in the menu: 'email/enviados' or 'caixa-de-saida'. */
export type ShotsNavKey = `${ShotChannel}/${ShotListView}` | typeof SHOT_SEGMENTS.outbox;

/**
 * The side menu of /marketing (spec 3 §2.1): the groups E-mail and SMS, open, with their three lists
 * (e-mail also with the birthday shots and their setting), and the outbox when the embedded transport sends; below 768 px a cascading select.
 */
export function ShotsNav({
  base,
  selected,
  mobile,
  outbox,
}: {
  base: string;
  selected: ShotsNavKey;
  mobile: boolean;
  outbox: boolean;
}) {
  const navigate = useNavigate();
  const channels = Object.keys(CHANNEL_LABELS) as ShotChannel[];
  const go = (key: string) => {
    if (key === 'email/aniversariantes') navigate(detailsPath(base, 'EMAIL', BIRTHDAY_SHOT_CODE));
    else if (key === 'email/aniversariantes-configurar') navigate(birthdaySettingsPath(base));
    else navigate(key === SHOT_SEGMENTS.outbox ? `${base}/${key}` : `${base}/${SHOT_SEGMENTS.lists}/${key}`);
  };

  if (mobile) {
    type Option = { value: string; label: string; children?: Option[] };
    const options: Option[] = [
      ...channels.map((c) => ({
        value: c,
        label: CHANNEL_LABELS[c],
        children: channelItems(c).map((i) => ({ value: i.view, label: i.label })),
      })),
      ...(outbox ? [{ value: SHOT_SEGMENTS.outbox, label: T.outbox }] : []),
    ];
    return (
      <Cascader
        aria-label={T.navLabel}
        style={{ width: '100%', marginBottom: 16 }}
        allowClear={false}
        value={selected.split('/')}
        options={options}
        onChange={(value) => {
          if (Array.isArray(value) && value.length > 0) go(value.join('/'));
        }}
      />
    );
  }

  return (
    <nav aria-label={T.navLabel}>
      <Menu
        mode="inline"
        style={{ width: SHOTS_NAV_WIDTH, borderRadius: 8 }}
        selectedKeys={[selected]}
        defaultOpenKeys={channels}
        items={[
          ...channels.map((c) => ({
            key: c,
            label: CHANNEL_LABELS[c],
            children: channelItems(c).map((i) => ({ key: `${c}/${i.view}`, label: i.label })),
          })),
          ...(outbox ? [{ key: SHOT_SEGMENTS.outbox, label: T.outbox }] : []),
        ]}
        onClick={({ key }) => go(key)}
      />
    </nav>
  );
}
