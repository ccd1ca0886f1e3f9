import { MESSAGES } from '../common/messages.ts';
import { DONATION_TEXTS } from '../donations/donations.texts.ts';
import { SHOT_EDITOR_TEXTS } from '../marketing/shot-editor.texts.ts';
import { SHOT_SCREEN_TEXTS } from '../marketing/shot-screens.texts.ts';
import { AUDIT_TEXTS } from '../privacy/audit.texts.ts';
import { PRIVACY_WEB_TEXTS } from '../privacy/privacy-web.texts.ts';

/**
 * The browser tab's title of each screen (WCAG 2.4.2): '<screen> · <tenant name>' inside the app,
 * '<page> · Mandato' on the public pages. The web app picks the screen by path
 * (apps/web/src/platform/title/). Zod-free: the login page, in the first bundle, has its title too.
 * Names that other screens also show are written where those screens live when that file is
 * zod-free, and checked equal in page-titles.test.ts when it is not.
 */
export const APP_NAME = 'Mandato';

const SUB = ' › ';
const sub = (...names: string[]) => names.join(SUB);

const SETTINGS = 'Configurações';
const SHOTS = 'Disparos';
const REPORTS = 'Relatórios';

export const PAGE_TITLES = {
  // public pages
  login: 'Entrar',
  recovery: 'Recuperar senha',
  senderConfirm: 'Validação de remetente',
  unsubscribe: 'Cancelar inscrição',
  sponsorSignUp: 'Cadastro por convite',
  // people
  people: 'Pessoas',
  team: 'Equipe',
  pendingSignUps: 'Cadastros pendentes',
  /** the people lists by their path segment (SEGMENT_TYPE_PATHS → SEGMENT_TYPE_LABELS) */
  peopleLists: { pessoas: 'Pessoas', equipe: 'Equipe' } as Record<string, string>,
  importList: (listName: string) => `Importar ${listName}`,
  exportList: (listName: string) => `Exportar ${listName}`,
  agenda: 'Agenda',
  // marketing
  shots: SHOTS,
  shotChannels: { email: SHOT_SCREEN_TEXTS.email, sms: SHOT_SCREEN_TEXTS.sms } as Record<string, string>,
  /** the list views by their path segment (SHOT_LIST_VIEWS' labels) */
  shotViews: { enviados: 'Enviados', agendados: 'Agendados', rascunho: 'Rascunhos' } as Record<
    string,
    string
  >,
  shotList: (channel: string, view: string) => sub(SHOTS, channel, view),
  newShot: { EMAIL: SHOT_EDITOR_TEXTS.newTitle, SMS: 'Novo envio de SMS' } as Record<string, string>,
  editShot: { EMAIL: SHOT_EDITOR_TEXTS.editTitle, SMS: 'Editar envio de SMS' } as Record<string, string>,
  shotDetails: SHOT_SCREEN_TEXTS.detailsTitle,
  birthdayShots: SHOT_SCREEN_TEXTS.birthdayTitle,
  outbox: SHOT_SCREEN_TEXTS.outbox,
  birthdaySettings: 'E-mail de aniversário',
  smsSettings: 'Configurações de SMS',
  // reports
  reports: REPORTS,
  /** the reports by their path segment (REPORT_TEXTS) */
  reportPages: {
    'status-da-base': sub(REPORTS, 'Status da Base'),
    apadrinhados: sub(REPORTS, 'Apadrinhados'),
    interacoes: sub(REPORTS, 'Interações'),
    nps: sub(REPORTS, 'NPS'),
  } as Record<string, string>,
  donation: 'Doações',
  // settings (the admin side menu's items, by their path below /admin)
  settings: SETTINGS,
  settingsPages: {
    'sistema/assinatura': sub(SETTINGS, 'Detalhes da Assinatura'),
    'sistema/form-padrinho': sub(SETTINGS, 'Form. Apadrinhamento'),
    'sistema/politicos': sub(SETTINGS, 'Políticos'),
    'sistema/provedor-doacoes': sub(SETTINGS, DONATION_TEXTS.provider.menu),
    'privacidade/solicitacoes': sub(SETTINGS, PRIVACY_WEB_TEXTS.requestsMenu),
    'privacidade/duplicados': sub(SETTINGS, PRIVACY_WEB_TEXTS.duplicatesMenu),
    'privacidade/auditoria': sub(SETTINGS, AUDIT_TEXTS.title),
    'mkt/minha-conta': sub(SETTINGS, 'Plano de Marketing'),
    'mkt/remetentes': sub(SETTINGS, 'Remetentes'),
    'mkt/dominios': sub(SETTINGS, 'Domínios'),
    assinar: sub(SETTINGS, 'Assinar'),
  } as Record<string, string>,
  amendments: 'Emendas',
  demands: 'Demandas',
  profile: 'Meu Perfil',
  devTest: 'Dev test',
  notFound: MESSAGES.notFoundPage,
} as const;

/** 'Pessoas · Gabinete X'; without a place (public page, tenant not known yet): 'Entrar · Mandato'. */
export function pageTitle(screen: string | undefined, place?: string): string {
  const where = place?.trim() || APP_NAME;
  return screen ? `${screen} · ${where}` : where;
}
