/**
 * Issue 35, a trial company pays: right after signup the top bar's "Expira em 3 dias" chip takes
 * an admin straight to the open invoice's PIX checkout (/financeiro?pay=open), which ends on the QR
 * code and the copy-and-paste code of the fake Asaas' charge for the plan's value. The operator's
 * Asaas key is not among the company's settings. Screenshots (wide, 390 px dark) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAsaas, type FakeAsaas } from '../packages/server/test/support/fake-asaas.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
import { apiToken, callApi, overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const PLAN = 'Plano Padaria';
const C = { name: 'Padaria Trigo', email: 'dona@trigo.test', password: 'Trigo-1234' };

let asaas: FakeAsaas;
let product: Product;

beforeAll(async () => {
  asaas = await startFakeAsaas();
  product = await startProduct({ env: { ASAAS_API_URL: asaas.url } });
  const superToken = await apiToken(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await callApi(product.url, 'PUT', '/settings/asaas', { value: asaas.apiKey }, superToken);
  const plan = { name: PLAN, users: 5, connections: 2, queues: 5, value: 45 };
  await callApi(product.url, 'POST', '/plans', plan, superToken);
  await signUpCompany(product.url, { ...C, planName: PLAN });
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await asaas?.close();
});

describe('a trial company pays from the chip', () => {
  it('the expiry chip opens the open invoice’s PIX checkout', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, C.email, C.password);
    const chip = page.getByTestId('subscription-warning');
    expect(await chip.innerText()).toContain('Expira em 3 dias');
    await chip.click();
    const dialog = page.getByTestId('checkout-dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/financeiro');
    await shot(page, 'trial-pay-checkout-wide');

    await page.getByTestId('checkout-firstName').fill('Rita');
    await page.getByTestId('checkout-lastName').fill('Trigo');
    await page.getByTestId('checkout-address2').fill('Rua do Pão, 5');
    await page.getByTestId('checkout-city').fill('São Paulo');
    await page.getByTestId('checkout-state').fill('SP');
    await page.getByTestId('checkout-zipcode').fill('01310-100');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-pick-plan').click();
    expect(await page.getByTestId('checkout-total').innerText()).toMatch(/R\$\s45,00/);
    await page.getByTestId('checkout-pay').click();
    await page.getByTestId('checkout-payment').waitFor();
    const code = await page.getByTestId('checkout-pix-code').inputValue();
    const [payment] = [...asaas.payments.values()];
    expect(payment).toMatchObject({ value: 45, billingType: 'PIX' });
    expect(code).toBe(asaas.pixCodeOf(payment!));
    await shot(page, 'trial-pay-pix-wide');

    // The company's settings hold no gateway key: that is the operator's.
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const settings = await callApi<Array<{ key: string }>>(product.url, 'GET', '/settings', undefined, token);
    expect(settings.map((s) => s.key)).not.toContain('asaas');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'trial-pay-pix-390-dark');
    await page.context().close();
  });
});
