/**
 * Issue 14, schedules: from the calendar, a schedule a few seconds ahead for a customer of the
 * sandbox connection is created, shows on the calendar, and is sent — its event turns to "sent"
 * live (edit gone) and the simulated phone has the message with its variables filled. The modal
 * refuses a short text ('Mensagem muito curta'); `?contactId=` opens it prefilled; the page fits
 * 390 px (agenda view) and is reached by keyboard. Screenshots (wide and 390 px in pt, wide in
 * the dark theme) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SandboxConversation, Schedule } from '@balcao/contracts';
import { startProduct, type Product } from './support/product.js';
import {
  apiToken,
  callApi,
  companyClockIn,
  overflowsSideways,
  shot,
  signInToTickets,
  signUpCompany,
  socketReady,
} from './support/ui.js';

const COMPANY = 'Padaria Estrela';
const EMAIL = 'dona@estrela.test';
const PASSWORD = 'Estrela-1234';
const MARIA = { name: 'Maria Souza', number: '5511977771234' };
const JOAO = { name: 'João Pereira', number: '5511966665555' };

let product: Product;
let whatsappId: number;
let joaoId: number;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  whatsappId = (
    await api<{ id: number }>('POST', '/whatsapp', { name: 'Estrela', provider: 'sandbox', isDefault: true })
  ).id;
  // The sandbox phone pairs through the simulator's API.
  let state = await api<{ status: string; qrcode: string }>('GET', `/sandbox/${whatsappId}`);
  for (let i = 0; i < 100 && state.status !== 'qrcode' && state.status !== 'CONNECTED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = await api('GET', `/sandbox/${whatsappId}`);
  }
  if (state.status === 'qrcode') await api('POST', `/sandbox/${whatsappId}/scan`, { qrcode: state.qrcode });
  for (let i = 0; i < 100 && state.status !== 'CONNECTED'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    state = await api('GET', `/sandbox/${whatsappId}`);
  }
  expect(state.status).toBe('CONNECTED');
  await api('POST', '/contacts', MARIA);
  joaoId = (await api<{ id: number }>('POST', '/contacts', JOAO)).id;
});
afterAll(async () => {
  await product?.stop();
});

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const dialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-paper')].every((e) => getComputedStyle(e).opacity === '1'),
  );

async function openSchedules(page: Page) {
  const ready = socketReady(page);
  await signInToTickets(page, EMAIL, PASSWORD);
  await ready;
  await page.getByTestId('side-drawer').getByTestId('menu-schedules').click();
  await page.waitForURL(/\/schedules$/);
  await page.getByTestId('schedules-calendar').waitFor();
}

describe('schedules', () => {
  it('a schedule created from the calendar a few seconds ahead is sent, and shows so live', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await openSchedules(page);
    await page.getByRole('heading', { name: 'Agendamentos (0)' }).waitFor();
    await page.getByTestId('empty-state').waitFor();
    await shot(page, 'schedules-empty-wide');

    await page.getByTestId('schedule-add').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.getByText('Novo agendamento').waitFor();
    // Default: one hour from now, on the company's clock (both wall clocks read as UTC to compare).
    const shown = await dialog.getByTestId('schedule-send-at').inputValue();
    const inAnHour = Date.parse(`${shown}Z`) - Date.parse(`${companyClockIn(0)}Z`);
    expect(inAnHour).toBeGreaterThan(58 * 60_000);
    expect(inAnHour).toBeLessThan(61 * 60_000);

    await dialog.getByTestId('schedule-contact-search').fill('mari');
    await page.getByRole('option', { name: /Maria Souza/ }).click();
    await dialog.getByTestId('schedule-body').fill('Oi');
    await dialog.getByTestId('schedule-save').click();
    await dialog.getByText('Mensagem muito curta').waitFor();
    await dialogSettled(page);
    await shot(page, 'schedules-dialog-short-text');

    await dialog.getByTestId('schedule-body').fill('Olá {{firstName}}, seu pão de queijo está pronto!');
    await dialog.getByTestId('schedule-send-at').fill(companyClockIn(6_000));
    await dialog.getByTestId('schedule-save').click();
    await page.getByText('Agendamento salvo com sucesso.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const event = page.getByTestId('schedule-event').filter({ hasText: 'Maria Souza' });
    await page.getByRole('heading', { name: 'Agendamentos (1)' }).waitFor();
    expect(await event.getAttribute('data-status')).toBe('PENDENTE');
    expect(await event.getByTestId('schedule-edit').count()).toBe(1);
    await shot(page, 'schedules-pending-wide');

    // Sent by the sweep: the event turns to sent live, and can no longer be edited.
    await page
      .locator('[data-testid="schedule-event"][data-status="ENVIADA"]')
      .filter({ hasText: 'Maria Souza' })
      .waitFor({ timeout: 40_000 });
    expect(await event.getByTestId('schedule-edit').count()).toBe(0);
    await shot(page, 'schedules-sent-wide');

    // The customer's phone has it, variables filled.
    const token = await pageToken(page);
    const phone = await callApi<SandboxConversation>(
      product.url,
      'GET',
      `/sandbox/${whatsappId}/conversations/${MARIA.number}`,
      undefined,
      token,
    );
    expect(phone.messages.map((m) => [m.fromCustomer, m.body])).toEqual([
      [false, 'Olá Maria, seu pão de queijo está pronto!'],
    ]);
    const [schedule] = (await callApi<{ schedules: Schedule[] }>(product.url, 'GET', '/schedules', undefined, token))
      .schedules;
    expect(schedule).toMatchObject({ status: 'ENVIADA', error: null, sentAt: expect.any(String) });

    // As a person who prefers the dark theme sees it.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.locator('[data-testid="schedule-event"][data-status="ENVIADA"]').waitFor();
    await shot(page, 'schedules-sent-wide-dark');
  }, 120_000);

  it('a contact’s schedule button (?contactId=) opens the modal prefilled; the page works by keyboard and at 390 px', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    const ready = socketReady(page);
    await signInToTickets(page, EMAIL, PASSWORD);
    await ready;
    // From the contact's row, the schedule button goes to /schedules?contactId=….
    await page.goto('/contacts');
    const joao = page.locator(`[data-testid="contact-row"][data-contact-id="${joaoId}"]`);
    await joao.getByTestId('contact-schedule').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.getByText('Novo agendamento').waitFor();
    expect(await dialog.getByTestId('schedule-contact-search').inputValue()).toBe(`${JOAO.name} (+${JOAO.number})`);
    await dialogSettled(page);
    await shot(page, 'schedules-dialog-prefilled-390');
    expect(page.url()).toMatch(/\/schedules$/);

    // By keyboard: the text, then Save (the date keeps its default, an hour ahead).
    await dialog.getByTestId('schedule-body').focus();
    await page.keyboard.type('Bom dia, {{name}}! Sua encomenda sai amanhã.');
    await dialog.getByTestId('schedule-save').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Agendamento salvo com sucesso.').first().waitFor();

    // Phones get the agenda: both schedules listed, with the spec's DD/MM ddd dates.
    const calendar = page.getByTestId('schedules-calendar');
    expect(await calendar.getAttribute('data-view')).toBe('agenda');
    await page.getByTestId('schedule-event').filter({ hasText: JOAO.name }).waitFor();
    const dates = await page.locator('.rbc-agenda-date-cell').allInnerTexts();
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) expect(d).toMatch(/^\d{2}\/\d{2} (dom|seg|ter|qua|qui|sex|sáb)$/);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'schedules-agenda-390');

    // Delete João's from its event, by keyboard.
    await page.getByTestId('schedule-event').filter({ hasText: JOAO.name }).getByTestId('schedule-delete').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Agendamento excluído com sucesso.').first().waitFor();
    await page.getByTestId('schedule-event').filter({ hasText: JOAO.name }).waitFor({ state: 'detached' });
  }, 120_000);
});
