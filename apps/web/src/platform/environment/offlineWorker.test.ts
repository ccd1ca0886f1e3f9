import { describe, expect, it } from 'vitest';
import { installsOfflineWorker } from './offlineWorker.ts';

describe('installsOfflineWorker', () => {
  it('is true on the login, the recovery and every page of the app', () => {
    for (const path of ['/', '/login', '/recuperar-senha', '/demo', '/demo/agenda', '/demo/pessoas/equipe']) {
      expect(installsOfflineWorker(path), path).toBe(true);
    }
  });

  it('is false on the standalone public pages', () => {
    for (const path of [
      '/demo/convite',
      '/demo/convite/',
      '/demo/convite/AbC123xyz',
      '/sender-email-confirm/12/abc/def',
      '/descadastrar/Zx81',
    ]) {
      expect(installsOfflineWorker(path), path).toBe(false);
    }
  });

  it('does not take a tenant page named like them for one', () => {
    expect(installsOfflineWorker('/demo/pessoas/convite')).toBe(true);
    expect(installsOfflineWorker('/convite')).toBe(true);
  });
});
