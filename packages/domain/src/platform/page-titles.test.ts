import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  AMENDMENT_TEXTS,
  AUDIT_TEXTS,
  BIRTHDAY_TEXTS,
  DEMAND_TEXTS,
  DONATION_TEXTS,
  IMPORT_PAGE_TEXTS,
  MARKETING_TEXTS,
  PEOPLE_EXPORT_TEXTS,
  POLITICIAN_TEXTS,
  PRIVACY_WEB_TEXTS,
  REPORT_TEXTS,
  SEGMENT_TYPE_LABELS,
  SEGMENT_TYPE_PATHS,
  SENDER_TEXTS,
  SHOT_LIST_VIEWS,
  SHOT_TEXTS,
  SMS_TEXTS,
  SPONSOR_MESSAGES,
  SUBSCRIBE_TEXTS,
  UNSUBSCRIBE_TEXTS,
} from '../index.ts';
import { APP_NAME, pageTitle, PAGE_TITLES as T } from './page-titles.ts';

const last = (title: string | undefined) => title?.split(' › ').at(-1);

describe('page titles', () => {
  it("reads '<screen> · <place>', the app's name when the place is not known", () => {
    expect(pageTitle(T.people, 'Gabinete X')).toBe('Pessoas · Gabinete X');
    expect(pageTitle(T.login)).toBe('Entrar · Mandato');
    expect(pageTitle(T.recovery, '  ')).toBe('Recuperar senha · Mandato');
    expect(pageTitle(undefined, 'Gabinete X')).toBe('Gabinete X');
    expect(pageTitle(undefined)).toBe(APP_NAME);
  });

  it('names sub-screens after their screen', () => {
    expect(T.shotList(T.shotChannels.email ?? '', T.shotViews.rascunho ?? '')).toBe(
      'Disparos › E-mail › Rascunhos',
    );
    expect(T.settingsPages['mkt/remetentes']).toBe('Configurações › Remetentes');
    expect(T.reportPages['status-da-base']).toBe('Relatórios › Status da Base');
  });

  // the texts below live in zod files, which the login page's bundle cannot load: kept equal here
  it('uses the names the screens themselves show', () => {
    expect(T.senderConfirm).toBe(SENDER_TEXTS.confirmTitle);
    expect(T.unsubscribe).toBe(UNSUBSCRIBE_TEXTS.title);
    expect(T.pendingSignUps).toBe(SPONSOR_MESSAGES.pendingTitle);
    for (const type of ['PERSON', 'TEAM'] as const)
      expect(T.peopleLists[SEGMENT_TYPE_PATHS[type]]).toBe(SEGMENT_TYPE_LABELS[type]);
    expect(T.importList('Pessoas')).toBe(IMPORT_PAGE_TEXTS.pageTitle('Pessoas'));
    expect(T.exportList('Equipe')).toBe(PEOPLE_EXPORT_TEXTS.title('Equipe'));
    expect(T.shots).toBe(SHOT_TEXTS.title);
    expect(Object.keys(T.shotViews)).toEqual(Object.keys(SHOT_LIST_VIEWS));
    for (const [view, { label }] of Object.entries(SHOT_LIST_VIEWS)) expect(T.shotViews[view]).toBe(label);
    expect(T.newShot.SMS).toBe(SMS_TEXTS.newTitle);
    expect(T.editShot.SMS).toBe(SMS_TEXTS.editTitle);
    expect(T.birthdaySettings).toBe(BIRTHDAY_TEXTS.settingsTitle);
    expect(T.smsSettings).toBe(SMS_TEXTS.settingsTitle);
    expect(T.reports).toBe(REPORT_TEXTS.title);
    expect(Object.values(T.reportPages).map(last)).toEqual([
      REPORT_TEXTS.databaseStatus,
      REPORT_TEXTS.godfathers,
      REPORT_TEXTS.interactions,
      REPORT_TEXTS.nps,
    ]);
    expect(Object.values(T.settingsPages).map(last)).toEqual([
      'Detalhes da Assinatura',
      SPONSOR_MESSAGES.menuLabel,
      POLITICIAN_TEXTS.menu,
      DONATION_TEXTS.provider.menu,
      PRIVACY_WEB_TEXTS.requestsMenu,
      PRIVACY_WEB_TEXTS.duplicatesMenu,
      AUDIT_TEXTS.title,
      ACCOUNT_TEXTS.title,
      SENDER_TEXTS.title,
      MARKETING_TEXTS.title,
      SUBSCRIBE_TEXTS.title,
    ]);
    expect(T.amendments).toBe(AMENDMENT_TEXTS.menu);
    expect(T.demands).toBe(DEMAND_TEXTS.menu);
  });
});
