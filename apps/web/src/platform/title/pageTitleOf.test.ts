import { BIRTHDAY_SHOT_CODE, SEGMENT_TYPE_PATHS, SHOT_LIST_VIEWS, type ShotListView } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, SUBSCRIBE_PATH } from '../../modules/admin/adminSections.ts';
import { REPORT_ROUTES } from '../../modules/reports/ReportsPage.tsx';
import {
  birthdaySettingsPath,
  detailsPath,
  editorPath,
  listPath,
  outboxPath,
  SHOT_CHANNELS,
  type ShotChannel,
  smsSettingsPath,
} from '../../modules/shots/shotPaths.ts';
import { PUBLIC_PATHS, TENANT_SEGMENTS, tenantPath } from '../routing/paths.ts';
import { pageTitleOf } from './pageTitleOf.ts';

const tenant = { slug: 'demo', name: 'Gabinete X' };
const at = (segment: string) => tenantPath(tenant.slug, segment);
const title = (path: string) => pageTitleOf(path, tenant);
const marketing = at(TENANT_SEGMENTS.marketing);

describe('pageTitleOf', () => {
  it('titles the public pages with the app name', () => {
    expect(title(PUBLIC_PATHS.login)).toBe('Entrar · Mandato');
    expect(title(PUBLIC_PATHS.recovery)).toBe('Recuperar senha · Mandato');
    expect(title('/sender-email-confirm/12/abc/def')).toBe('Validação de remetente · Mandato');
    expect(title('/descadastrar/AbC123')).toBe('Cancelar inscrição · Mandato');
    expect(title('/demo/convite/maria-123456')).toBe('Cadastro por convite · Mandato');
    expect(title('/demo/convite')).toBe('Cadastro por convite · Mandato');
    expect(title('/')).toBe('Mandato');
  });

  it('titles each top-level screen with the tenant name', () => {
    const expected: Record<keyof typeof TENANT_SEGMENTS, string> = {
      agenda: 'Agenda',
      people: 'Pessoas',
      marketing: 'Disparos',
      reports: 'Relatórios',
      donation: 'Doações',
      admin: 'Configurações',
      amendments: 'Emendas',
      demands: 'Demandas',
      profile: 'Meu Perfil',
      devTest: 'Dev test',
      notFound: 'Oops! Página não encontrada!',
    };
    for (const [key, segment] of Object.entries(TENANT_SEGMENTS)) {
      expect(title(at(segment)), segment).toBe(
        `${expected[key as keyof typeof TENANT_SEGMENTS]} · Gabinete X`,
      );
      expect(title(`${at(segment)}/`), `${segment}/`).toBe(title(at(segment)));
    }
  });

  it('titles the people sub-screens', () => {
    expect(title(at('pessoas'))).toBe('Pessoas · Gabinete X');
    expect(title(at(`pessoas/${SEGMENT_TYPE_PATHS.TEAM}`))).toBe('Equipe · Gabinete X');
    expect(title(at(`pessoas/importar/${SEGMENT_TYPE_PATHS.PERSON}`))).toBe('Importar Pessoas · Gabinete X');
    expect(title(at(`pessoas/importar/${SEGMENT_TYPE_PATHS.TEAM}`))).toBe('Importar Equipe · Gabinete X');
    expect(title(at(`pessoas/exportar/${SEGMENT_TYPE_PATHS.PERSON}`))).toBe('Exportar Pessoas · Gabinete X');
    expect(title(at(`pessoas/exportar/${SEGMENT_TYPE_PATHS.TEAM}`))).toBe('Exportar Equipe · Gabinete X');
    expect(title(at('pessoas/cadastros-pendentes'))).toBe('Cadastros pendentes · Gabinete X');
    // paths that redirect to the list show the list's title meanwhile
    expect(title(at('pessoas/importar/empresas'))).toBe('Pessoas · Gabinete X');
    expect(title(at('pessoas/qualquer'))).toBe('Pessoas · Gabinete X');
  });

  it('titles every shot list, the editor, the details and the marketing settings', () => {
    const channels: Record<ShotChannel, string> = { email: 'E-mail', sms: 'SMS' };
    for (const channel of Object.keys(SHOT_CHANNELS) as ShotChannel[]) {
      for (const view of Object.keys(SHOT_LIST_VIEWS) as ShotListView[]) {
        expect(title(listPath(marketing, channel, view))).toBe(
          `Disparos › ${channels[channel]} › ${SHOT_LIST_VIEWS[view].label} · Gabinete X`,
        );
      }
    }
    expect(title(`${marketing}/disparos`)).toBe('Disparos · Gabinete X');
    expect(title(`${marketing}/disparos/fax/enviados`)).toBe('Disparos · Gabinete X');
    expect(title(smsSettingsPath(marketing))).toBe('Configurações de SMS · Gabinete X');
    expect(title(outboxPath(marketing))).toBe('Caixa de saída · Gabinete X');
    expect(title(editorPath(marketing, 'EMAIL'))).toBe('Novo envio de e-mail · Gabinete X');
    expect(title(editorPath(marketing, 'EMAIL', 7))).toBe('Editar envio de e-mail · Gabinete X');
    expect(title(editorPath(marketing, 'SMS'))).toBe('Novo envio de SMS · Gabinete X');
    expect(title(editorPath(marketing, 'SMS', 7))).toBe('Editar envio de SMS · Gabinete X');
    expect(title(`${marketing}/novo-envio/FAX`)).toBe('Disparos · Gabinete X');
    expect(title(detailsPath(marketing, 'EMAIL', 7))).toBe('Detalhes do envio · Gabinete X');
    expect(title(detailsPath(marketing, 'SMS', 7))).toBe('Detalhes do envio · Gabinete X');
    expect(title(detailsPath(marketing, 'EMAIL', BIRTHDAY_SHOT_CODE))).toBe(
      'Envios de aniversariantes · Gabinete X',
    );
    expect(title(birthdaySettingsPath(marketing))).toBe('E-mail de aniversário · Gabinete X');
  });

  it('titles every report', () => {
    const names = {
      'status-da-base': 'Status da Base',
      apadrinhados: 'Apadrinhados',
      interacoes: 'Interações',
      nps: 'NPS',
    };
    for (const report of REPORT_ROUTES) {
      expect(title(at(`relatorios/${report.path}`))).toBe(`Relatórios › ${names[report.path]} · Gabinete X`);
      expect(title(at(`relatorios/${report.path}`))).toContain(report.title);
    }
  });

  it('titles every settings item of the side menu and the plans page', () => {
    const items = ADMIN_SECTIONS.flatMap((section) => section.items);
    expect(items).toHaveLength(10);
    for (const item of items)
      expect(title(at(`admin/${item.path}`))).toBe(`Configurações › ${item.label} · Gabinete X`);
    expect(title(at(`admin/${SUBSCRIBE_PATH}`))).toBe('Configurações › Assinar · Gabinete X');
    expect(title(at('admin/mkt/remetentes/'))).toBe('Configurações › Remetentes · Gabinete X');
    expect(title(at('admin/outra-coisa'))).toBe('Configurações · Gabinete X');
  });

  it("uses the tenant's name only on its own slug, and the app's name while it is not known", () => {
    expect(pageTitleOf('/outro/pessoas', tenant)).toBe('Pessoas · Mandato');
    expect(pageTitleOf('/demo/pessoas', null)).toBe('Pessoas · Mandato');
    // '/:slug' and unknown paths redirect: the tenant's name alone meanwhile
    expect(title('/demo')).toBe('Gabinete X');
    expect(title('/demo/nao-existe')).toBe('Gabinete X');
  });

  it('treats hostile paths as unknown ones', () => {
    expect(title('/demo/admin/__proto__')).toBe('Configurações · Gabinete X');
    expect(title('/demo/relatorios/constructor')).toBe('Relatórios · Gabinete X');
    expect(title('/demo/marketing/disparos/__proto__/toString')).toBe('Disparos · Gabinete X');
    expect(title('/demo/pessoas/importar/hasOwnProperty')).toBe('Pessoas · Gabinete X');
    expect(title(`/demo/${'x'.repeat(5000)}`)).toBe('Gabinete X');
  });
});
