/**
 * Billing in the browser (issue 17 acceptance 5), against a fake Asaas over HTTP (the product's
 * ASAAS_API_URL) with the webhook token set: an admin opens /financeiro, pays the signup's invoice
 * through the checkout (data, plan, review, payment: the QR code and the copy-and-paste code the
 * fake made, the server's value), the test posts the signed webhook as Asaas would, and the
 * success toast names the new due date, then the app goes home 4 s later. An expired company pays
 * from the login page (its refused login's billing token) on a 390 px phone and is signed in.
 * Dark and phone screenshots; the subscription page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deliverAsaasEvent, startFakeAsaas, type FakeAsaas } from '../packages/server/test/support/fake-asaas.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
import {
  apiToken,
  callApi,
  overflowsSideways,
  seeText,
  shot,
  signIn,
  signInToTickets,
  signUpCompany,
} from './support/ui.js';

const WEBHOOK_TOKEN = 'e2e-asaas-webhook-token-0123456789';
const PLAN = 'Plano Mensal E2E';
const A = { name: 'Loja Fatura', email: 'dona@lojafatura.test', password: 'Fatura-123' };
const B = { name: 'Loja Vencida', email: 'dono@lojavencida.test', password: 'Vencida-123' };

let asaas: FakeAsaas;
let product: Product;
let superToken: string;
const companyIds: Record<string, number> = {};

/** `dd/MM/yyyy` of a due date (a calendar day, `YYYY-MM-DD`), as the app shows it. */
const shown = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const companyDue = async (id: number) =>
  (await callApi<{ dueDate: string }>(product.url, 'GET', `/companies/${id}`, undefined, superToken)).dueDate;
const paymentOf = (invoiceId: number) =>
  [...asaas.payments.values()].find((p) => p.externalReference === String(invoiceId));

beforeAll(async () => {
  asaas = await startFakeAsaas();
  product = await startProduct({ env: { ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  superToken = await apiToken(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  // The operator keeps Asaas' API key in the platform's `asaas` setting, and sells a R$ 30 plan.
  await callApi(product.url, 'PUT', '/settings/asaas', { value: asaas.apiKey }, superToken);
  await callApi(
    product.url,
    'POST',
    '/plans',
    { name: PLAN, users: 5, connections: 2, queues: 5, value: 30 },
    superToken,
  );
  for (const c of [A, B]) await signUpCompany(product.url, { ...c, planName: PLAN });
  const companies = await callApi<Array<{ id: number; email: string }>>(
    product.url,
    'GET',
    '/companies/list',
    undefined,
    superToken,
  );
  for (const c of [A, B]) companyIds[c.email] = companies.find((x) => x.email === c.email)!.id;
});
afterAll(async () => {
  await product?.stop();
  await asaas?.close();
});

/** Steps 1–3 of the checkout (data, plan, review), then "Gerar PIX": answers the PIX code shown. */
async function checkoutToPix(page: Page) {
  const dialog = page.getByTestId('checkout-dialog');
  await dialog.waitFor();
  // The spec's data-step rules: zip code required and in its format.
  await page.getByTestId('checkout-firstName').fill('Ana');
  await page.getByTestId('checkout-lastName').fill('Souza');
  await page.getByTestId('checkout-address2').fill('Rua das Flores, 10');
  await page.getByTestId('checkout-city').fill('São Paulo');
  await page.getByTestId('checkout-state').fill('SP');
  await page.getByTestId('checkout-zipcode').fill('0131');
  await page.getByTestId('checkout-next').click();
  await dialog.getByText('CEP inválido (00000-000)').waitFor();
  await page.getByTestId('checkout-zipcode').fill('01310-100');
  await page.getByTestId('checkout-next').click();
  // The plan: picking it moves on.
  await page.getByTestId('checkout-plan').getByText(PLAN).waitFor();
  await page.getByTestId('checkout-pick-plan').click();
  // The review: R$ 30,00.
  expect(await page.getByTestId('checkout-total').innerText()).toMatch(/R\$\s30,00/);
  await page.getByTestId('checkout-pay').click();
  await page.getByTestId('checkout-payment').waitFor();
  return page.getByTestId('checkout-pix-code').inputValue();
}

describe('paying an invoice', () => {
  it('an admin pays through the checkout; the webhook pays it, the toast names the new due date, home 4 s later', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToTickets(page, A.email, A.password);
    await page.getByTestId('side-drawer').getByTestId('menu-financeiro').click();
    await page.waitForURL(/\/financeiro$/);
    const row = page.getByTestId('invoice-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('open');
    expect(await row.getByTestId('invoice-value').innerText()).toMatch(/R\$\s30,00/);
    const invoiceId = Number(await row.getAttribute('data-invoice-id'));
    const dueBefore = await companyDue(companyIds[A.email]!);

    await row.getByTestId('invoice-pay').click();
    const code = await checkoutToPix(page);
    const payment = paymentOf(invoiceId)!;
    // The fake's charge: the invoice's R$ 30 by PIX, and its copy-and-paste code on the page.
    expect(payment).toMatchObject({ value: 30, billingType: 'PIX' });
    expect(code).toBe(asaas.pixCodeOf(payment));
    expect(await page.getByTestId('checkout-value').innerText()).toMatch(/R\$\s30,00/);
    const qr = page.getByTestId('checkout-qrcode').locator('svg');
    expect(await qr.getAttribute('width')).toBe('256');
    await page.getByTestId('checkout-copy').click();
    await seeText(page, 'Código PIX copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await shot(page, 'billing-checkout-light');

    // The page notes, on its own clock, when the payment is confirmed (the dialog's confirmation,
    // raised with the toast; the toast itself may fade in a moment later) and when it is home.
    await page.evaluate(() => {
      const seen: { paid?: number; home?: number } = {};
      (window as unknown as { billingSeen: typeof seen }).billingSeen = seen;
      new MutationObserver(() => {
        if (seen.paid === undefined && document.querySelector('[data-testid="checkout-paid"]'))
          seen.paid = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
      // The router moves with history.pushState: note when it lands on /.
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        push(...args);
        if (window.location.pathname === '/') seen.home ??= performance.now();
      };
    });
    // Asaas confirms the payment (the signed webhook).
    const delivered = await deliverAsaasEvent(product.url, asaas.event(payment.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN);
    expect(delivered.status).toBe(200);
    const dueAfter = await companyDue(companyIds[A.email]!);
    expect(dueAfter > dueBefore).toBe(true);
    const toast = page.locator('.Toastify__toast', { hasText: 'Pagamento confirmado!' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`Sua licença vale até ${shown(dueAfter)}.`);
    await page.getByTestId('checkout-paid').waitFor();
    await shot(page, 'billing-paid-light');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { billingSeen: { paid: number; home: number } }).billingSeen,
    );
    // Home 4 s after the confirmation (its render may lag the timer a little; load may delay both).
    expect(seen.home - seen.paid, JSON.stringify(seen)).toBeGreaterThanOrEqual(3_500);
    expect(seen.home - seen.paid, JSON.stringify(seen)).toBeLessThan(12_000);

    // The invoice reads paid now; a forged delivery changed nothing more.
    const forged = await deliverAsaasEvent(product.url, asaas.event(payment.id, 'PAYMENT_RECEIVED'), 'forged');
    expect(forged.status).toBe(401);
    await page.goto('/financeiro');
    await page.getByTestId('invoice-paid').waitFor();
    expect(await page.getByTestId('invoice-row').first().getAttribute('data-status')).toBe('paid');
    expect(await companyDue(companyIds[A.email]!)).toBe(dueAfter);
    await page.context().close();
  });

  it('dark: the list with an expired row tinted, and the subscription page', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, A.email, A.password);
    await page.getByTestId('theme-toggle').click();
    // The list as the server shows it, plus two rows it would show for older invoices (an expired
    // unpaid one, tinted, and a paid one): the statuses themselves are the server's (its tests).
    await page.route('**/api/invoices/all**', async (route) => {
      const real = await (await route.fetch()).json();
      const extra = [
        { ...real[0], id: 9001, dueDate: '2020-01-10', status: 'expired', paidAt: null },
        { ...real[0], id: 9000, dueDate: '2019-12-10', status: 'paid' },
      ];
      await route.fulfill({ json: [...real, ...extra] });
    });
    await page.goto('/financeiro');
    const expired = page.locator('[data-testid="invoice-row"][data-status="expired"]');
    await expired.waitFor();
    const tint = await expired.evaluate((el) => getComputedStyle(el).backgroundColor);
    const plain = await page
      .locator('[data-testid="invoice-row"][data-status="paid"]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(tint).not.toBe(plain);
    await shot(page, 'billing-dark');
    await page.unroute('**/api/invoices/all**');

    await page.goto('/subscription');
    await page.getByTestId('subscription-card').waitFor();
    expect(await page.getByTestId('subscription-email').inputValue()).toBe(A.email);
    expect(await page.getByTestId('subscription-email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('subscription-sign-now').isVisible()).toBe(true);
    // Paid past the trial (the first test): the chip says so rather than counting trial days.
    expect(await page.getByTestId('subscription-trial').innerText()).toBe('Assinatura ativa');
    await shot(page, 'subscription-dark');
    await page.context().close();
  });

  it('an expired company pays from the login page on a 390 px phone, then is signed in', async () => {
    const id = companyIds[B.email]!;
    // Two UTC days back: a company works through its due day in its own zone (São Paulo, behind UTC).
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await callApi(product.url, 'PUT', `/companies/${id}`, { dueDate: past }, superToken);

    const page = await product.newPage({ width: 390, height: 844 });
    await signIn(page, B.email, B.password);
    await page.getByTestId('subscription-expired').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await shot(page, 'billing-login-phone');
    await page.getByTestId('login-pay-invoice').click();
    const code = await checkoutToPix(page);
    const invoices = [...asaas.payments.values()].filter((p) => p.value === 30 && p.status === 'PENDING');
    const payment = invoices.find((p) => asaas.pixCodeOf(p) === code)!;
    expect(payment).toBeTruthy();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'billing-phone');

    await deliverAsaasEvent(product.url, asaas.event(payment.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN);
    const dueAfter = await companyDue(id);
    const toast = page.locator('.Toastify__toast', { hasText: 'Pagamento confirmado!' });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain(`Sua licença vale até ${shown(dueAfter)}.`);
    // Signed in with the same credentials, 4 s later: the private layout's top bar.
    await page.getByTestId('greeting').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    // The list on the phone: the paid invoice, nothing sticking out sideways.
    await page.goto('/financeiro');
    await page.getByTestId('invoice-paid').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'billing-list-phone');
    await page.context().close();
  });
});
