/**
 * Issue 35, points 6 and 7. A resolved conversation stays live: the attendant resolves with
 * ratings on and keeps the conversation open; the sandbox customer's rating and the farewell
 * appear without a reload. Ratings are reachable from the connection dialog: the rating text's
 * field says whether ratings are on and turns them on; a new connection starts with a text that
 * carries its scale. Screenshots (wide and 390 px, light and dark) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import {
  apiToken,
  callApi,
  overflowsSideways,
  shot,
  signInToTickets,
  signUpCompany,
  socketReady,
} from './support/ui.js';

const COMPANY = 'Floricultura Ipê';
const EMAIL = 'dona@ipe.test';
const PASSWORD = 'Ipe-Flores-1234';
const RATING_ASK = 'De 1 a 5, que nota você dá ao atendimento?';
const FAREWELL = 'Obrigado, volte sempre!';
const CUSTOMER = { name: 'Lúcia Prado' };

let product: Product;
let whatsappId: number;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  whatsappId = await connectedSandbox(product.url, token, 'Ipê Sandbox');
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const threadMessage = (page: Page, text: string) =>
  page.getByTestId('messages-thread').getByTestId('thread-message').filter({ hasText: text });

describe('a resolved conversation and its rating', () => {
  it('the rating text is set and ratings turned on from the connection dialog', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/connections');
    await page.getByTestId('connection-edit').first().click();
    const dialog = page.getByRole('dialog');
    const rating = dialog.getByTestId('rating-setting');
    // Off by default, and the field says so next to the text.
    await rating.locator('[data-rating-enabled="false"]').waitFor();
    await rating.getByText('Avaliações desligadas').waitFor();
    await rating.locator('input[type="checkbox"]').check();
    await rating.locator('[data-rating-enabled="true"]').waitFor();
    await rating.getByText('Avaliações ligadas').waitFor();
    const text = dialog.getByLabel('Mensagem de avaliação', { exact: true });
    await text.fill(RATING_ASK);
    await dialog.getByLabel('Mensagem de conclusão', { exact: true }).fill(FAREWELL);
    await shot(page, 'rating-setting-wide-light');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const token = await pageToken(page);
    const settings = await callApi<{ key: string; value: string }[]>(product.url, 'GET', '/settings', undefined, token);
    expect(settings.find((s) => s.key === 'userRating')?.value).toBe('enabled');
    const conn = await callApi<{ ratingMessage: string }>(
      product.url,
      'GET',
      `/whatsapp/${whatsappId}`,
      undefined,
      token,
    );
    expect(conn.ratingMessage).toBe(RATING_ASK);

    // A new connection's form starts with a text that carries its own scale.
    await page.getByTestId('connection-add').click();
    const fresh = page.getByRole('dialog');
    expect(await fresh.getByLabel('Mensagem de avaliação', { exact: true }).inputValue()).toContain(
      '*3* - Muito satisfeito',
    );
    await fresh.locator('[data-rating-enabled="true"]').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'rating-setting-narrow-light');
    await page.context().close();
  }, 120_000);

  it('after resolving, the customer’s rating and the farewell appear in the open conversation without a reload', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    const token = await pageToken(page);
    // A number of its own per attempt (a retry starts from a fresh conversation).
    const number = `55119${String(Date.now()).slice(-8)}`;
    const customerSays = (body: string) =>
      callApi(product.url, 'POST', `/sandbox/${whatsappId}/messages`, { ...CUSTOMER, number, body }, token);

    await customerSays('Oi! Vocês entregam hoje?');
    await page.getByTestId('tab-pending').click();
    const pending = page
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: CUSTOMER.name });
    await pending.getByTestId('ticket-accept').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const conversation = page.url();
    await page.getByTestId('composer-input').fill('Entregamos sim, até as 18h.');
    await page.getByTestId('composer-input').press('Enter');
    await threadMessage(page, 'Entregamos sim').waitFor();

    // Resolve: the rating request goes out; the attendant goes back to the conversation.
    await page.getByTestId('ticket-resolve').click();
    await page.waitForURL(/\/tickets$/);
    // Back to it from the list, as a person does (no page load): it waits for the rating, open.
    await page.getByTestId('tab-open').click();
    await page.getByTestId('tab-assigned').click();
    await page.getByTestId('tickets-list-open').getByTestId('ticket-item').filter({ hasText: CUSTOMER.name }).click();
    await page.waitForURL(conversation);
    await threadMessage(page, RATING_ASK).waitFor();
    // No reload from here on: the answer and the farewell arrive live.
    await customerSays('5');
    await threadMessage(page, FAREWELL).waitFor({ timeout: 15_000 });
    await page
      .getByTestId('messages-thread')
      .locator('[data-testid="thread-message"][data-from-me="false"]')
      .getByTestId('message-body')
      .filter({ hasText: /^5$/ })
      .waitFor();
    await page.locator('[data-testid="ticket-panel"][data-status="closed"]').waitFor();
    await page.locator('[data-testid="ticket-rating"][data-rating="3"]').waitFor();
    await shot(page, 'resolved-live-wide-light');
    await page.getByTestId('theme-toggle').click();
    await page.waitForTimeout(800);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'resolved-live-narrow-dark');
    await page.context().close();
  }, 120_000);
});
