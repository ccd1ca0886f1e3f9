import { ACCOUNT_TEXTS } from '@mandato/domain';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { login } from '../support.ts';

const SHOTS = '/tmp/accounts-shots';

interface Balance {
  type: 'EMAIL' | 'SMS';
  balance: number;
}

test.describe('Configurações › Marketing › Plano de Marketing', () => {
  test('from the plan card to the balances, the active plans and the history', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page);
    await page.goto('/demo/admin/sistema/assinatura');

    // the marketing plan link of the plan card leads to the account screen
    const balances = ['EMAIL', 'SMS'].map((type) =>
      page.waitForResponse((r) => r.url().endsWith(`/api/mkt/accounts/balance/${type}`)),
    );
    const history = page.waitForResponse((r) => /\/api\/mkt\/accounts\?/.test(r.url()));
    await page.getByRole('link', { name: 'Detalhes do plano de marketing' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/mkt\/minha-conta$/);
    await expect(page.getByRole('heading', { name: 'Plano de Marketing', level: 4 })).toBeVisible();

    for (const answer of await Promise.all(balances)) {
      expect(answer.status()).toBe(200);
      const { type, balance } = (await answer.json()).data as Balance;
      await expect(page.getByTestId(`balance-${type}`)).toHaveText(ACCOUNT_TEXTS.balanceValue(balance, type));
    }
    expect((await history).status()).toBe(200);

    // the demo: an e-mail plan, an SMS plan and extra e-mail credits
    const plans = page.getByRole('table').first();
    await expect(page.getByRole('heading', { name: 'Planos ativos' })).toBeVisible();
    await expect(plans.getByRole('row')).toHaveCount(4);
    await expect(plans.getByRole('row', { name: /E-mail\s+5\.000\s+a cada 30 dias/ })).toBeVisible();
    await expect(plans.getByRole('row', { name: /SMS\s+1\.000\s+a cada 30 dias/ })).toBeVisible();
    await expect(plans.getByRole('row', { name: /E-mail\s*Extra\s+500\s+Crédito avulso/ })).toBeVisible();

    const table = page.getByRole('table').nth(1);
    await expect(page.getByRole('heading', { name: 'Histórico' })).toBeVisible();
    for (const column of ['Tipo', 'Início', 'Fim', 'Contratado', 'Utilizado']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    // the ended e-mail period (4.200 of 5.000 used) and the current ones
    await expect(table.getByRole('row', { name: /E-mail\s+\S+\s+\S+\s+5\.000\s+4\.200/ })).toBeVisible();
    await expect(table.getByText('Vigente')).toHaveCount(3);
    await expectAccessible(page, 'plano de marketing');
    await page.screenshot({ path: `${SHOTS}/account-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('balance-SMS')).toBeVisible();
    await expect(table.getByRole('row', { name: /5\.000/ }).first()).toBeVisible();
    await expectAccessible(page, 'plano de marketing (celular)');
    await page.screenshot({ path: `${SHOTS}/account-390.png`, fullPage: true });
  });

  test('reaches the screen from the side menu', async ({ page }) => {
    await login(page);
    await page.goto('/demo/admin');
    await page.getByRole('menuitem', { name: 'Plano de Marketing' }).click();
    await expect(page).toHaveURL(/\/demo\/admin\/mkt\/minha-conta$/);
    await expect(page.getByRole('heading', { name: 'Planos ativos' })).toBeVisible();
  });
});
