/**
 * The attendance report (issue 36): customers write through the sandbox phone, the admin answers
 * and closes through the API (one rated 3), then reads the report from the menu: first response,
 * resolution and CSAT, the attendant's row and chart, the CSV; the empty and error states; light,
 * dark, English, Spanish and a 390 px phone. A user has no report: no menu entry, 403.
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

const EMAIL = 'dono@relatorio.test';
const PASSWORD = 'Relatorio-1';
const LIA = { name: 'Lia Atendente', email: 'lia@relatorio.test', password: 'Lia-123456' };

let product: Product;
let adminId: number;
let adminName: string;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Loja Relatório', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  ({ id: adminId, name: adminName } = await api<{ id: number; name: string }>('GET', '/auth/me'));
  await api('POST', '/users', { ...LIA, profile: 'user' });

  // Three customers write; the admin accepts all three, answers Ana and Bruno, closes Bruno's,
  // then (ratings on) closes Ana's, who rates it 3. Carla waits for an answer.
  const whatsappId = await connectedSandbox(product.url, token, 'Loja');
  const customers = ['Ana Cliente', 'Bruno Cliente', 'Carla Cliente'];
  for (const [i, name] of customers.entries()) {
    await api('POST', `/sandbox/${whatsappId}/messages`, { number: `551196000000${i}`, name, body: 'Olá!' });
  }
  const pending = await api<{ tickets: Array<{ id: number; contact: { name: string } }> }>(
    'GET',
    '/tickets?status=pending&showAll=true',
  );
  const ticketOf = (name: string) => pending.tickets.find((tk) => tk.contact.name === name)!.id;
  for (const name of customers) await api('PUT', `/tickets/${ticketOf(name)}`, { status: 'open' });
  for (const name of customers.slice(0, 2)) await api('POST', `/messages/${ticketOf(name)}`, { body: 'Bom dia!' });
  await api('PUT', `/tickets/${ticketOf('Bruno Cliente')}`, { status: 'closed' });
  await api('PUT', '/settings/userRating', { value: 'enabled' });
  await api('PUT', `/whatsapp/${whatsappId}`, { ratingMessage: 'Avalie o atendimento de 1 a 3.' });
  await api('PUT', `/tickets/${ticketOf('Ana Cliente')}`, { status: 'closed' });
  await api('POST', `/sandbox/${whatsappId}/messages`, { number: '5511960000000', body: '3' });
  const closed = await api<{ tickets: unknown[] }>('GET', '/tickets?status=closed&showAll=true');
  expect(closed.tickets).toHaveLength(2);
});
afterAll(async () => {
  await product?.stop();
});

async function openReport(page: Page) {
  // Bars drawn at once (the charts honour reduced motion), so screenshots show them whole.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInToTickets(page, EMAIL, PASSWORD);
  const drawer = page.getByTestId('side-drawer');
  if (!(await drawer.getByTestId('menu-reports').isVisible())) await page.getByTestId('drawer-toggle').click();
  await drawer.getByTestId('menu-reports').click();
  await page.waitForURL((url) => url.pathname === '/reports');
  await page.getByTestId('attendance-chart-users').locator('svg.recharts-surface[role="application"]').waitFor();
}

const text = (page: Page, id: string) => page.getByTestId(id).innerText();

describe('attendance report', () => {
  it('an admin reads the figures of the last 30 days, per attendant, and downloads them', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await openReport(page);

    expect(await text(page, 'firstResponse-count')).toBe('2');
    expect(await text(page, 'resolution-count')).toBe('2');
    expect(await text(page, 'csat-count')).toBe('1');
    expect(await text(page, 'csat-average')).toBe('3 / 3');
    // Answered within seconds of the customer's message.
    expect(await text(page, 'firstResponse-p50')).toMatch(/^\d+ s$/);
    const row = page.getByTestId(`attendance-user-${adminId}`);
    await row.getByText(adminName, { exact: true }).waitFor();
    expect((await row.locator('td').nth(1).innerText()).trim()).toBe('2');
    await page.getByTestId('attendance-chart-users').locator('svg').getByText(adminName, { exact: true }).waitFor();
    await seeText(page, 'Da primeira mensagem do cliente até a primeira mensagem de uma pessoa da equipe');

    const download = page.waitForEvent('download');
    await page.getByTestId('attendance-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^attendance_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await fs.readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.some((l) => l.startsWith('firstResponse;2;'))).toBe(true);
    expect(lines.some((l) => l.startsWith('resolution;2;'))).toBe(true);
    expect(lines).toContain('csat;1;;;3');
    expect(lines.some((l) => l.startsWith(`user;${adminId};${adminName};2;`))).toBe(true);
    await shot(page, 'attendance-light');

    // The attendant filter: Lia attended nothing.
    await page.getByTestId('attendance-user').click();
    await page.getByRole('option', { name: LIA.name }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="firstResponse-count"]')?.textContent === '0',
    );
    expect(await text(page, 'firstResponse-p50')).toBe('—');
    await seeText(page, 'Nenhum atendimento neste período');
    await page.getByTestId('attendance-user').click();
    await page.getByRole('option', { name: 'Todos os atendentes' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="firstResponse-count"]')?.textContent === '2',
    );

    // A range the contract refuses is said before asking.
    await page.getByTestId('attendance-from').fill('2099-01-01');
    await seeText(page, 'O fim deve ser depois do início');
    expect(await page.getByTestId('attendance-export').isDisabled()).toBe(true);

    // A failure says so and offers to try again.
    await page.route('**/api/reports/attendance?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"ERR_INTERNAL","message":"x"}' }),
    );
    await page.getByTestId('attendance-from').fill('2020-01-01');
    await page.getByTestId('attendance-to').fill('2020-01-31');
    await page.getByRole('button', { name: /tentar/i }).waitFor();
    await page.unroute('**/api/reports/attendance?**');
    await page.getByRole('button', { name: /tentar/i }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="firstResponse-count"]')?.textContent === '0',
    );

    await page.getByTestId('theme-toggle').click();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await page.getByTestId('attendance-to').fill(today);
    await page.getByTestId('attendance-from').fill(today);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="firstResponse-count"]')?.textContent === '2',
    );
    await page.getByTestId('attendance-chart-users').locator('svg').getByText(adminName, { exact: true }).waitFor();
    await shot(page, 'attendance-dark');

    for (const [language, title] of [
      ['English', 'Attendance report'],
      ['Español', 'Informe de atención'],
    ] as const) {
      await page.getByTestId('language-menu').click();
      await page.getByRole('menuitem', { name: language }).click();
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await shot(page, `attendance-${language === 'English' ? 'en' : 'es'}`);
    }
    await page.context().close();
  });

  it('fits a 390 px phone', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await openReport(page);
    expect(await text(page, 'resolution-count')).toBe('2');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'attendance-phone');
    await page.context().close();
  });

  it('a user has no report: no menu entry, and the API refuses', async () => {
    const token = await apiToken(product.url, LIA.email, LIA.password);
    await expect(
      callApi(product.url, 'GET', '/reports/attendance?from=2025-01-01&to=2025-01-31', undefined, token),
    ).rejects.toThrow(/→ 403 /);
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, LIA.email, LIA.password);
    expect(await menuIds(page)).not.toContain('menu-reports');
    await page.context().close();
  });
});
