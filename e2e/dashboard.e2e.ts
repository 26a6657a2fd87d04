/**
 * The admin's dashboard at / (operations §2; issue 17 acceptance 5): customers write through the
 * sandbox phone and tickets are worked through the API, then the admin reads the six counters
 * (with their definitions), both charts and the attendants table, exports the CSV, is told
 * 'select a filter' and sees the chart toast when a chart fails; light, dark and a 390 px phone.
 * A user sees no dashboard: / sends them to their tickets, and the API answers 403.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
import {
  apiToken,
  callApi,
  menuIds,
  overflowsSideways,
  seeText,
  shot,
  signInToTickets,
  signUpCompany,
} from './support/ui.js';

const EMAIL = 'dona@lojapainel.test';
const PASSWORD = 'Painel-123';
const BIA = { name: 'Bia Atendente', email: 'bia@lojapainel.test', password: 'Bia-12345' };

let product: Product;
let adminName: string;
let adminId: number;
let biaId: number;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Loja Painel', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  ({ name: adminName, id: adminId } = await api<{ name: string; id: number }>('GET', '/auth/me'));
  biaId = (await api<{ id: number }>('POST', '/users', { ...BIA, profile: 'user' })).id;

  // Four customers write on the sandbox phone: four pending tickets.
  const whatsappId = await connectedSandbox(product.url, token, 'Loja');
  const customers = ['Ana Cliente', 'Bruno Cliente', 'Carla Cliente', 'Davi Cliente'];
  for (const [i, name] of customers.entries()) {
    await api('POST', `/sandbox/${whatsappId}/messages`, { number: `551197000000${i}`, name, body: 'Olá!' });
  }
  const pending = await api<{ tickets: Array<{ id: number; contact: { name: string } }> }>(
    'GET',
    '/tickets?status=pending&showAll=true',
  );
  const ticketOf = (name: string) => pending.tickets.find((tk) => tk.contact.name === name)!.id;
  expect(pending.tickets).toHaveLength(4);
  // Three conversations opened for Bia and closed.
  for (const [i, name] of ['Elisa Cliente', 'Fabio Cliente', 'Gabi Cliente'].entries()) {
    const contact = await api<{ id: number }>('POST', '/contacts', { name, number: `551198000000${i}`, email: '' });
    const ticket = await api<{ id: number }>('POST', '/tickets', {
      contactId: contact.id,
      userId: biaId,
      status: 'open',
    });
    await api('PUT', `/tickets/${ticket.id}`, { status: 'closed' });
  }
  // The admin accepts Ana's, Bruno's and Carla's (Davi waits); with ratings on, closing Ana's and
  // Bruno's asks them to rate, and their answers (3 and 2) close the tickets with the rating.
  for (const name of ['Ana Cliente', 'Bruno Cliente', 'Carla Cliente']) {
    await api('PUT', `/tickets/${ticketOf(name)}`, { status: 'open' });
  }
  await api('PUT', '/settings/userRating', { value: 'enabled' });
  await api('PUT', `/whatsapp/${whatsappId}`, { ratingMessage: 'Avalie o atendimento de 1 a 3.' });
  for (const [i, rating] of ['3', '2'].entries()) {
    await api('PUT', `/tickets/${ticketOf(customers[i]!)}`, { status: 'closed' });
    await api('POST', `/sandbox/${whatsappId}/messages`, { number: `551197000000${i}`, body: rating });
  }
  const closed = await api<{ tickets: unknown[] }>('GET', '/tickets?status=closed&showAll=true');
  expect(closed.tickets).toHaveLength(5);
});
afterAll(async () => {
  await product?.stop();
});

const value = (page: Page, key: string) => page.getByTestId(`counter-${key}-value`).innerText();

async function openDashboard(page: Page) {
  // Bars drawn at once (the charts honour reduced motion), so screenshots show them whole.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInToTickets(page, EMAIL, PASSWORD);
  const drawer = page.getByTestId('side-drawer');
  if (!(await drawer.getByTestId('menu-dashboard').isVisible())) await page.getByTestId('drawer-toggle').click();
  await drawer.getByTestId('menu-dashboard').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('chart-users').locator('svg.recharts-surface').waitFor();
  await page.getByTestId('chart-days').locator('svg.recharts-surface').waitFor();
}

describe('dashboard', () => {
  it('an admin reads the counters, both charts and the attendants of the last 7 days, and exports them', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await openDashboard(page);

    expect(await value(page, 'supportHappening')).toBe('1'); // Carla
    expect(await value(page, 'supportPending')).toBe('1'); // Davi
    expect(await value(page, 'supportFinished')).toBe('5');
    expect(await value(page, 'leads')).toBe('7');
    expect(await value(page, 'avgWaitTime')).toBe('< 1 min');
    // Each figure says what it counts.
    await page.getByTestId('counter-supportFinished-info').hover();
    await page
      .getByRole('tooltip')
      .getByText(/fechados no período/)
      .waitFor();

    // Tickets per attendant: Bia closed 3, the admin 2; tickets per day: the 7 that arrived today.
    const users = page.getByTestId('chart-users');
    expect(await users.getByTestId('chart-users-count').innerText()).toBe('5 tickets');
    await users.locator('svg').getByText(BIA.name, { exact: true }).waitFor();
    await users.locator('svg').getByText(adminName, { exact: true }).waitFor();
    expect(await users.locator('.recharts-bar-rectangle').count()).toBe(2);
    const days = page.getByTestId('chart-days');
    expect(await days.getByTestId('chart-days-count').innerText()).toBe('7 tickets');
    expect(await days.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(1);

    // The attendants: everyone of the company; the admin is here (online), rated 3 and 2; Bia is
    // not here, and no one rated her.
    const bia = page.getByTestId(`attendant-${biaId}`);
    await bia.getByText('Offline').waitFor();
    const admin = page.getByTestId(`attendant-${adminId}`);
    await admin.getByText('2,5', { exact: true }).waitFor();
    await admin.getByRole('img', { name: 'Avaliação 2,5 de 3' }).waitFor();
    expect(await page.getByTestId('attendants-table').getByText('Online', { exact: true }).count()).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByTestId('dashboard-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dashboard_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile((await file.path())!, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('supportFinished;5');
    expect(lines).toContain('leads;7');
    expect(lines).toContain('id;name;rating;avgSupportTime;online');
    expect(lines.some((l) => l.startsWith(`${biaId};${BIA.name};;`) && l.endsWith(';false'))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${adminId};${adminName};2.5;`) && l.endsWith(';true'))).toBe(true);
    await shot(page, 'dashboard-light');

    // No filter at all: the spec's 'select a filter', and nothing asked.
    await page.getByTestId('dashboard-period').click();
    await page.getByRole('option', { name: /Nenhum/ }).click();
    await seeText(page, 'Selecione um filtro');
    expect(await page.getByTestId('dashboard-export').isDisabled()).toBe(true);
    // A one-day range: the arrivals per hour.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await page.getByTestId('dashboard-date-from').fill(today);
    await page.getByTestId('dashboard-date-to').fill(today);
    await days.getByText('Tickets por hora').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chart-days-count"]')?.textContent === '7 tickets',
    );

    // A chart that fails says so (operations §8: userChartError).
    await page.route('**/api/dashboard/ticketsUsers**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"ERR_INTERNAL","message":"x"}' }),
    );
    await page.getByTestId('dashboard-period').click();
    await page.getByTestId('dashboard-period-30').click();
    await seeText(page, 'Não foi possível carregar os tickets por atendente.');
    await page.unroute('**/api/dashboard/ticketsUsers**');

    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('dashboard-period').click();
    await page.getByTestId('dashboard-period-7').click();
    await users.locator('svg').getByText(BIA.name, { exact: true }).waitFor();
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
    await shot(page, 'dashboard-dark');
    await page.context().close();
  });

  it('fits a 390 px phone', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await openDashboard(page);
    expect(await value(page, 'supportFinished')).toBe('5');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'dashboard-phone');
    await page.context().close();
  });

  it('a user sees no dashboard: / sends them to their tickets, and the API refuses', async () => {
    const token = await apiToken(product.url, BIA.email, BIA.password);
    await expect(callApi(product.url, 'GET', '/dashboard?days=7', undefined, token)).rejects.toThrow(/→ 403 /);
    await expect(
      callApi(
        product.url,
        'GET',
        '/dashboard/ticketsDay?initialDate=2025-01-01&finalDate=2025-01-31',
        undefined,
        token,
      ),
    ).rejects.toThrow(/→ 403 /);

    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, BIA.email, BIA.password);
    expect(await menuIds(page)).not.toContain('menu-dashboard');
    await page.goto('/');
    await page.waitForURL(/\/tickets$/);
    expect(await page.getByTestId('counter-supportFinished').count()).toBe(0);
    await page.context().close();
  });
});
