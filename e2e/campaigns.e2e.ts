/**
 * Issue 15, campaigns: the settings' intervals set to 0 and a custom variable added on
 * /campaigns-config; a campaign made in the modal (its checks first) for a list of three
 * customers on a sandbox connection, scheduled a few seconds ahead on the company's clock; its
 * report, open before it starts, reaches 100 % live and the list shows it FINALIZADA; every phone
 * got the message with its variables filled; a finished campaign's form is read-only. A slower
 * campaign shows stop while running, restart once cancelled (each with its toast), edits its
 * messages only while cancelled, and is deleted. An inactive campaign's attachment goes up after
 * save (spaces as underscores) and is removed.
 * The pages fit 390 px and work by keyboard. Screenshots (pt; wide, 390 px, the report also in
 * the dark theme) go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Campaign, SandboxConversation } from '@balcao/contracts';
import { startProduct, type Product } from './support/product.js';
import { connectedSandbox } from './support/sandbox.js';
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

const COMPANY = 'Floricultura Ipê';
const EMAIL = 'dona@ipe.test';
const PASSWORD = 'Ipe-12345';
const CUSTOMERS = [
  { name: 'Ana Lima', number: '5511977770001' },
  { name: 'Bruno Costa', number: '5511977770002' },
  { name: 'Carla Mendes', number: '5511977770003' },
];

/** A 1×1 PNG: the upload checks a file's content against its type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let product: Product;
let whatsappId: number;
let contactListId: number;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, method, path, body, token);
  whatsappId = await connectedSandbox(product.url, token, 'Ipê WhatsApp');
  contactListId = (await api<{ id: number }>('POST', '/contact-lists', { name: 'Clientes fiéis' })).id;
  for (const c of CUSTOMERS) await api('POST', '/contact-list-items', { ...c, contactListId });
}, 120_000);
afterAll(async () => {
  await product?.stop();
});

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const pageApi = async <T>(page: Page, method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, method, path, body, await pageToken(page));

const dialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-paper')].every((e) => getComputedStyle(e).opacity === '1'),
  );
const row = (page: Page, name: string) => page.getByTestId('campaign-row').filter({ hasText: name });

async function signedIn(page: Page) {
  const ready = socketReady(page);
  await signInToTickets(page, EMAIL, PASSWORD);
  await ready;
}

describe('campaigns', () => {
  it('a campaign made in the modal runs to 100 % live on its report and ends FINALIZADA', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signedIn(page);

    // Settings: the spec's defaults, then no waits, and a custom variable (its key once only).
    await page.goto('/campaigns-config');
    const interval = (key: string) => page.getByTestId(`campaign-settings-${key}`);
    await interval('messageInterval').waitFor();
    expect(await interval('messageInterval').inputValue()).toBe('20');
    expect(await interval('longerIntervalAfter').inputValue()).toBe('20');
    expect(await interval('greaterInterval').inputValue()).toBe('60');
    expect(await interval('messageInterval').locator('option').allInnerTexts()).toEqual([
      'Sem intervalo',
      '5 segundos',
      '10 segundos',
      '15 segundos',
      '20 segundos',
    ]);
    for (const key of ['messageInterval', 'longerIntervalAfter', 'greaterInterval'])
      await interval(key).selectOption('0');
    await page.getByTestId('campaign-variable-key').fill('loja');
    await page.getByTestId('campaign-variable-value').fill('Centro');
    await page.getByTestId('campaign-variable-add').click();
    await page.getByTestId('campaign-variable-key').fill('loja');
    await page.getByTestId('campaign-variable-value').fill('Outra');
    await page.getByTestId('campaign-variable-add').click();
    await page.getByText('Esse atalho já está em uso').waitFor();
    expect(await page.getByTestId('campaign-variable-row').count()).toBe(1);
    await page.getByTestId('campaign-settings-save').click();
    await page.getByText('Configurações salvas.').first().waitFor();
    await shot(page, 'campaign-settings-wide');
    await page.reload();
    await interval('messageInterval').waitFor();
    expect(await interval('greaterInterval').inputValue()).toBe('0');
    expect(await page.getByTestId('campaign-variable-row').innerText()).toContain('{{loja}}');

    // The list, empty; the modal's checks.
    await page.goto('/campaigns');
    await page.getByTestId('campaigns-table').getByTestId('empty-state').waitFor();
    await page.getByTestId('campaign-add').click();
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.getByTestId('campaign-name').waitFor();
    const tagSelect = dialog.getByTestId('campaign-tagListId');
    expect(await tagSelect.locator('option:checked').innerText()).toBe('Nenhuma');
    await dialog.getByTestId('campaign-save').click();
    await dialog.getByText('Selecione uma conexão').waitFor();
    await dialog.getByText('Selecione uma lista de contatos').waitFor();
    await dialog.getByText('Escreva ao menos uma mensagem').waitFor();
    expect(await dialog.getByText('Obrigatório').count()).toBeGreaterThan(0);
    await dialogSettled(page);
    await shot(page, 'campaign-dialog-errors-wide');

    await dialog.getByTestId('campaign-name').fill('Dia das Mães');
    await dialog.getByTestId('campaign-whatsappId').selectOption(String(whatsappId));
    await dialog.getByTestId('campaign-contactListId').selectOption(String(contactListId));
    await dialog.getByTestId('campaign-message1').fill('Olá {{firstName}}! Flores com desconto na loja');
    await dialog.getByTestId('campaign-variable').filter({ hasText: '{{loja}}' }).click();
    expect(await dialog.getByTestId('campaign-message1').inputValue()).toBe(
      'Olá {{firstName}}! Flores com desconto na loja {{loja}}',
    );
    // Far enough ahead to open the report before it starts.
    await dialog.getByTestId('campaign-scheduledAt').fill(companyClockIn(15_000));
    await dialogSettled(page);
    await shot(page, 'campaign-dialog-filled-wide');
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const mothers = row(page, 'Dia das Mães');
    await mothers.waitFor();
    expect(await mothers.getAttribute('data-status')).toBe('PROGRAMADA');
    expect(await mothers.getByTestId('campaign-status').innerText()).toBe('Programada');
    expect(await mothers.innerText()).toContain('Clientes fiéis');
    expect(await mothers.innerText()).toContain('Ipê WhatsApp');
    expect(await mothers.getByTestId('campaign-scheduled-at').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await mothers.getByTestId('campaign-stop').count()).toBe(0);
    expect(await mothers.getByTestId('campaign-restart').count()).toBe(0);
    await shot(page, 'campaigns-scheduled-wide');

    // The report, open before the start, follows it to the end.
    await mothers.getByTestId('campaign-report').click();
    await page.waitForURL(/\/campaign\/\d+\/report$/);
    const percent = page.getByTestId('campaign-report-percent');
    await percent.waitFor();
    expect(await percent.innerText()).toBe('0%');
    expect(await page.getByTestId('campaign-report-valid-value').innerText()).toBe('3');
    await shot(page, 'campaign-report-before-wide');
    await page.locator('[data-testid="campaign-status"][data-status="FINALIZADA"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => percent.innerText(), { timeout: 30_000 }).toBe('100%');
    expect(await page.getByTestId('campaign-report-delivered').innerText()).toBe('3 de 3 mensagens entregues');
    expect(await page.getByTestId('campaign-report-conclusion-value').innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    await page.getByText('Nenhuma falha de envio.').waitFor();
    await shot(page, 'campaign-report-done-wide');

    // Each phone got one message, its variables filled.
    for (const c of CUSTOMERS) {
      const phone = await pageApi<SandboxConversation>(page, 'GET', `/sandbox/${whatsappId}/conversations/${c.number}`);
      expect(phone.messages.map((m) => [m.fromCustomer, m.body])).toEqual([
        [false, `Olá ${c.name.split(' ')[0]}! Flores com desconto na loja Centro`],
      ]);
    }

    // Back in the list: finished, with its conclusion; its form can only be read.
    await page.getByTestId('campaign-report-back').click();
    await page.waitForURL(/\/campaigns$/);
    await page
      .locator('[data-testid="campaign-row"][data-status="FINALIZADA"]')
      .filter({ hasText: 'Dia das Mães' })
      .waitFor();
    expect(await mothers.getByTestId('campaign-status').innerText()).toBe('Finalizada');
    expect(await mothers.getByTestId('campaign-completed-at').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(await mothers.getByTestId('campaign-stop').count()).toBe(0);
    expect(await mothers.getByTestId('campaign-restart').count()).toBe(0);
    await shot(page, 'campaigns-finished-wide');
    await mothers.getByTestId('campaign-edit').click();
    await dialog.getByTestId('campaign-locked').waitFor();
    expect(await dialog.getByTestId('campaign-save').count()).toBe(0);
    expect(await dialog.getByTestId('campaign-name').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('campaign-message1').isDisabled()).toBe(true);
    await dialogSettled(page);
    await shot(page, 'campaign-dialog-read-only-wide');
    await dialog.getByTestId('campaign-close').click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  }, 180_000);

  it('stop shows while a campaign runs, restart once it is cancelled', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signedIn(page);
    await page.goto('/campaigns');
    await row(page, 'Dia das Mães').waitFor();
    // Twenty seconds and more between sends: the campaign stays in progress for a while.
    await pageApi(page, 'POST', '/campaign-settings', { settings: { messageInterval: 20 } });
    const { id } = await pageApi<Campaign>(page, 'POST', '/campaigns', {
      name: 'Lembrete de entrega',
      contactListId,
      whatsappId,
      scheduledAt: new Date(Date.now() + 1_000).toISOString(),
      message1: 'Sua entrega chega amanhã, {{name}}.',
    });
    const reminder = row(page, 'Lembrete de entrega');
    const stop = reminder.getByTestId('campaign-stop');
    await stop.waitFor({ timeout: 30_000 });
    expect(await reminder.getAttribute('data-status')).toBe('EM_ANDAMENTO');
    expect(await reminder.getByTestId('campaign-restart').count()).toBe(0);
    await shot(page, 'campaigns-running-wide');

    await stop.click();
    await page.getByText('Campanha cancelada.').first().waitFor();
    const restart = reminder.getByTestId('campaign-restart');
    await restart.waitFor();
    expect(await reminder.getAttribute('data-status')).toBe('CANCELADA');
    expect(await stop.count()).toBe(0);
    await shot(page, 'campaigns-cancelled-wide');

    // Cancelled: its messages may still change, nothing else.
    await reminder.getByTestId('campaign-edit').click();
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.getByText('Campanha cancelada: só as mensagens podem ser alteradas.').waitFor();
    expect(await dialog.getByTestId('campaign-name').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('campaign-whatsappId').isDisabled()).toBe(true);
    await dialog.getByTestId('campaign-tab-message2').click();
    await dialog.getByTestId('campaign-message2').fill('Amanhã chega sua entrega, {{firstName}}.');
    await dialogSettled(page);
    await shot(page, 'campaign-dialog-cancelled-wide');
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const edited = await pageApi<Campaign>(page, 'GET', `/campaigns/${id}`);
    expect([edited.status, edited.message1, edited.message2]).toEqual([
      'CANCELADA',
      'Sua entrega chega amanhã, {{name}}.',
      'Amanhã chega sua entrega, {{firstName}}.',
    ]);

    await restart.click();
    await page.getByText('Campanha reiniciada.').first().waitFor();
    await stop.waitFor();
    expect(await reminder.getAttribute('data-status')).toBe('EM_ANDAMENTO');
    await stop.click();
    await restart.waitFor();

    await reminder.getByTestId('campaign-delete').click();
    await page.getByRole('button', { name: 'Excluir', exact: true }).click();
    await page.getByText('Campanha excluída com sucesso.').first().waitFor();
    await reminder.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('an inactive campaign’s attachment goes up once it is saved, its spaces as underscores, and is removed', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signedIn(page);
    await page.goto('/campaigns');
    await page.getByTestId('campaign-add').click();
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.getByTestId('campaign-name').fill('Catálogo de verão');
    await dialog.getByTestId('campaign-whatsappId').selectOption(String(whatsappId));
    await dialog.getByTestId('campaign-contactListId').selectOption(String(contactListId));
    await dialog.getByTestId('campaign-message1').fill('Confira o catálogo, {{name}}!');
    await dialog
      .getByTestId('campaign-file')
      .setInputFiles({ name: 'catalogo verao.png', mimeType: 'image/png', buffer: PNG });
    expect(await dialog.getByTestId('campaign-attachment').innerText()).toBe('catalogo_verao.png');
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const summer = row(page, 'Catálogo de verão');
    await summer.waitFor();
    expect(await summer.getByTestId('campaign-status').innerText()).toBe('Inativa');
    const id = Number(await summer.getAttribute('data-campaign-id'));
    const stored = await pageApi<Campaign>(page, 'GET', `/campaigns/${id}`);
    expect([stored.status, stored.scheduledAt, stored.mediaName]).toEqual(['INATIVA', null, 'catalogo_verao.png']);
    expect(stored.mediaPath).not.toBeNull();

    // Editable while inactive: the attachment is taken off.
    await summer.getByTestId('campaign-edit').click();
    await dialog.getByTestId('campaign-attachment').getByText('catalogo_verao.png').waitFor();
    expect(await dialog.getByTestId('campaign-locked').count()).toBe(0);
    await dialogSettled(page);
    await shot(page, 'campaign-dialog-attachment-wide');
    await dialog.getByTestId('campaign-attachment-remove').click();
    await dialog.getByTestId('campaign-save').click();
    await page.getByText('Campanha salva com sucesso.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const removed = await pageApi<Campaign>(page, 'GET', `/campaigns/${id}`);
    expect([removed.mediaName, removed.mediaPath]).toEqual([null, null]);
    await page.close();
  }, 120_000);

  it('the pages fit 390 px and work by keyboard; the report in the dark theme', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await signedIn(page);
    await page.goto('/campaigns');
    const mothers = row(page, 'Dia das Mães');
    await mothers.waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaigns-390');
    // The search (lower-cased, as the spec sends it) keeps the matching campaigns only.
    await page.getByTestId('campaigns-search').locator('input').fill('MÃES');
    await expect.poll(() => page.getByTestId('campaign-row').count()).toBe(1);
    expect(await mothers.count()).toBe(1);
    await page.getByTestId('campaigns-search').locator('input').fill('');
    await row(page, 'Catálogo de verão').waitFor();

    // The modal, full screen on a phone; Escape leaves it.
    await page.getByTestId('campaign-add').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('campaign-dialog');
    await dialog.getByTestId('campaign-name').waitFor();
    await dialogSettled(page);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaign-dialog-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The report, reached by keyboard.
    await mothers.getByTestId('campaign-report').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/campaign\/\d+\/report$/);
    await page.getByTestId('campaign-report-percent').getByText('100%').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaign-report-390');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByTestId('campaign-report-percent').getByText('100%').waitFor();
    await shot(page, 'campaign-report-390-dark');
    await page.setViewportSize({ width: 1366, height: 860 });
    await shot(page, 'campaign-report-wide-dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/campaigns-config');
    await page.getByTestId('campaign-settings-messageInterval').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'campaign-settings-390-dark');
    await page.close();
  }, 120_000);
});
