import { pageTitle, PAGE_TITLES as T } from '@mandato/domain/plain';
import { matchPath } from 'react-router';
import { PUBLIC_PATHS, TENANT_SEGMENTS as S } from '../routing/paths.ts';

type Params = Readonly<Record<string, string | undefined>>;

/** A path pattern and the name of the screen it shows (undefined: a path that only redirects). */
interface TitledPath {
  path: string;
  screen: (params: Params) => string | undefined;
}

const named = (name: string) => () => name;
const known = (table: Record<string, string>, key: string | undefined) =>
  key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
/** A splat's sub-path without its trailing slash ('sistema/assinatura/' → 'sistema/assinatura'). */
const trimmed = (subPath: string | undefined) => subPath?.replace(/\/+$/, '');
const peopleList = (type: string | undefined, title: (list: string) => string) => {
  const list = known(T.peopleLists, type);
  return list ? title(list) : T.people;
};

/** Public pages, checked first: the sponsor sign-up is under a tenant slug but needs no session. */
const PUBLIC_PAGES: TitledPath[] = [
  { path: PUBLIC_PATHS.login, screen: named(T.login) },
  { path: PUBLIC_PATHS.recovery, screen: named(T.recovery) },
  { path: PUBLIC_PATHS.senderConfirm, screen: named(T.senderConfirm) },
  { path: PUBLIC_PATHS.unsubscribe, screen: named(T.unsubscribe) },
  { path: '/:slug/convite/:id?', screen: named(T.sponsorSignUp) },
];

/**
 * The screens under '/:slug' (routes.tsx and each module's *Page.tsx route table), in match order:
 * a path before the broader pattern that also matches it. pageTitleOf.test.ts builds the paths with
 * the modules' own path constants, so a renamed route fails there.
 */
const SCREENS_UNDER_SLUG: TitledPath[] = [
  { path: S.agenda, screen: named(T.agenda) },
  { path: `${S.people}/exportar/:type`, screen: ({ type }) => peopleList(type, T.exportList) },
  { path: `${S.people}/importar/:type`, screen: ({ type }) => peopleList(type, T.importList) },
  { path: `${S.people}/cadastros-pendentes`, screen: named(T.pendingSignUps) },
  { path: `${S.people}/equipe`, screen: named(T.team) },
  { path: `${S.people}/*`, screen: named(T.people) },
  { path: `${S.marketing}/disparos/sms/configuracoes`, screen: named(T.smsSettings) },
  {
    path: `${S.marketing}/disparos/:channel/:view`,
    screen: ({ channel, view }) => {
      const channelName = known(T.shotChannels, channel);
      const viewName = known(T.shotViews, view);
      return channelName && viewName ? T.shotList(channelName, viewName) : T.shots;
    },
  },
  { path: `${S.marketing}/caixa-de-saida`, screen: named(T.outbox) },
  {
    path: `${S.marketing}/novo-envio/:shotType/:shotCode?`,
    screen: ({ shotType, shotCode }) => known(shotCode ? T.editShot : T.newShot, shotType) ?? T.shots,
  },
  {
    path: `${S.marketing}/detalhes-envio/:shotType/:shotCode`,
    // the birthday e-mail's shots have a details route of their own (BIRTHDAY_SHOT_CODE)
    screen: ({ shotType, shotCode }) =>
      shotType === 'EMAIL' && shotCode === 'aniversariantes' ? T.birthdayShots : T.shotDetails,
  },
  { path: `${S.marketing}/aniversariantes/configurar`, screen: named(T.birthdaySettings) },
  { path: `${S.marketing}/*`, screen: named(T.shots) },
  { path: `${S.reports}/*`, screen: (params) => known(T.reportPages, trimmed(params['*'])) ?? T.reports },
  { path: `${S.donation}/*`, screen: named(T.donation) },
  { path: `${S.admin}/*`, screen: (params) => known(T.settingsPages, trimmed(params['*'])) ?? T.settings },
  { path: `${S.amendments}/*`, screen: named(T.amendments) },
  { path: `${S.demands}/*`, screen: named(T.demands) },
  { path: S.profile, screen: named(T.profile) },
  { path: S.devTest, screen: named(T.devTest) },
  { path: S.notFound, screen: named(T.notFound) },
];
const TENANT_SCREENS = SCREENS_UNDER_SLUG.map((screen) => ({ ...screen, path: `/:slug/${screen.path}` }));

function firstMatch(table: TitledPath[], pathname: string) {
  for (const { path, screen } of table) {
    const match = matchPath(path, pathname);
    if (match) return { screen: screen(match.params), slug: match.params.slug };
  }
  return undefined;
}

/** The signed-in tenant, whose name titles its screens. */
export interface TitleTenant {
  slug: string;
  name: string;
}

/**
 * The tab's title of a path: 'Pessoas · Gabinete X' inside the signed-in tenant, 'Entrar · Mandato'
 * on a public page; a path that only redirects gets the tenant's (or the app's) name alone.
 */
export function pageTitleOf(pathname: string, tenant?: TitleTenant | null): string {
  const publicPage = firstMatch(PUBLIC_PAGES, pathname);
  if (publicPage) return pageTitle(publicPage.screen);
  const screen = firstMatch(TENANT_SCREENS, pathname) ?? {
    screen: undefined,
    slug: matchPath('/:slug/*', pathname)?.params.slug,
  };
  const place = tenant && screen.slug === tenant.slug ? tenant.name : undefined;
  return pageTitle(screen.screen, place);
}
