/**
 * Issue 35, a campaign's first day: from a browser in Tokyo (the company is on São Paulo's clock),
 * a campaign on a connection that is not connected is flagged in the list and "Enviar agora" is
 * refused with a toast, leaving it inactive; one on the connected sandbox starts at once (its
 * schedule is the server's now, not the browser's), and its report shows the estimated time to
 * finish. Screenshots (pt wide, 390 px, dark, en) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Campaign } from '@balcao/contracts';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import { apiToken, callApi, overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const EMAIL = 'dono@padaria-sol.test';
const PASSWORD = 'Sol-12345';

let product: Product;
let token: string;
let connected: number;
let offline: number;
let contactListId: number;
const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Padaria Sol', email: EMAIL, password: PASSWORD });
  token = await apiToken(product.url, EMAIL, PASSWORD);
  connected = await connectedSandbox(product.url, token, 'Sol WhatsApp');
  // Made and never scanned: not connected.
  offline = (await api<{ id: number }>('POST', '/whatsapp', { name: 'Número novo', provider: 'sandbox' })).id;
  contactListId = (await api<{ id: number }>('POST', '/contact-lists', { name: 'Fregueses' })).id;
  for (const [i, number] of ['5511966660001', '5511966660002'].entries())
    await api('POST', '/contact-list-items', { name: `Freguês ${i}`, number, contactListId });
  // Slow pacing: the started campaign stays in progress while its report is read.
  await api('POST', '/campaign-settings', { settings: { messageInterval: 30, longerIntervalAfter: 0 } });
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

const row = (page: Page, name: string) => page.getByTestId('campaign-row').filter({ hasText: name });

describe('send now', () => {
  it('a disconnected connection is flagged and refused; a connected one starts now from a browser in Tokyo', async () => {
    const page = await product.newPage({ timezoneId: 'Asia/Tokyo' });
    await signInToTickets(page, EMAIL, PASSWORD);
    // One session a user: the page's sign-in ended the setup's, the page's token goes on.
    token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const make = (name: string, whatsappId: number) =>
      api<Campaign>('POST', '/campaigns', { name, contactListId, whatsappId, message1: 'Pão quentinho às 17h!' });
    const stalled = await make('Pão da tarde (número novo)', offline);
    const ready = await make('Pão da tarde', connected);

    await page.goto('/campaigns');
    const offRow = row(page, 'Pão da tarde (número novo)');
    await offRow.getByTestId('campaign-disconnected').waitFor();
    expect(
      await row(page, 'Pão da tarde')
        .filter({ hasNotText: 'número novo' })
        .getByTestId('campaign-disconnected')
        .count(),
    ).toBe(0);
    await shot(page, 'campaign-send-now-wide');

    await offRow.getByTestId('campaign-send-now').click();
    await page.locator('.Toastify__toast--error').first().waitFor();
    expect((await api<Campaign>('GET', `/campaigns/${stalled.id}`)).status).toBe('INATIVA');
    expect(await offRow.getAttribute('data-status')).toBe('INATIVA');

    const readyRow = row(page, 'Pão da tarde').filter({ hasNotText: 'número novo' });
    const before = Date.now();
    await readyRow.getByTestId('campaign-send-now').click();
    await page.getByText('Campanha iniciada.').first().waitFor();
    await expect.poll(() => readyRow.getAttribute('data-status')).toBe('EM_ANDAMENTO');
    const started = await api<Campaign>('GET', `/campaigns/${ready.id}`);
    expect(Math.abs(new Date(started.scheduledAt!).getTime() - before)).toBeLessThan(60_000);

    await page.goto(`/campaign/${ready.id}/report`);
    await page.getByTestId('campaign-report-estimate').waitFor();
    expect(await page.getByTestId('campaign-report-estimate-value').textContent()).toMatch(/≈ \d+ min/);
    await shot(page, 'campaign-send-now-report-wide');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaign-send-now-report-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/campaigns');
    await offRow.waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaign-send-now-390-dark');
    await page.context().close();
  });
});
