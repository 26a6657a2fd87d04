/**
 * Queue integrations (issue 16, acceptance 3): a Typebot integration made in its dialog (the
 * name's checks, the type's defaults), attached to a queue in the queue modal, and a customer
 * chatting through it from the sandbox phone while the fake Typebot viewer answers. Then the list:
 * search, edit, a webhook integration's signing secret, delete with its confirmation; the page
 * at 390 px and in dark mode; a plan without integrations is told so and sent to /. Screenshots
 * go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { QueueIntegration, QueueIntegrationsPage, SandboxConversation } from '@balcao/contracts';
import { startFakeTypebot, TYPEBOT_PUBLIC_ID, type FakeTypebot } from '../packages/server/test/support/fake-typebot.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
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

const COMPANY = { name: 'Loja Girassol', email: 'dona@girassol.test', password: 'Girassol-123' };
const NO_PLAN = {
  name: 'Banca Sem Bot',
  email: 'dono@sembot.test',
  password: 'Sem-Bot-123',
  planName: 'Sem Integrações',
};
const CUSTOMER = { number: '5511955550001', name: 'Bia Souza' };

let product: Product;
let typebot: FakeTypebot;
let whatsappId: number;

beforeAll(async () => {
  typebot = await startFakeTypebot();
  product = await startProduct();
  const operator = await apiToken(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await callApi(
    product.url,
    'POST',
    '/plans',
    { name: NO_PLAN.planName, users: 3, connections: 1, queues: 3, value: 19.9, useIntegrations: false },
    operator,
  );
  await signUpCompany(product.url, COMPANY);
  await signUpCompany(product.url, NO_PLAN);
  const token = await apiToken(product.url, COMPANY.email, COMPANY.password);
  whatsappId = await connectedSandbox(product.url, token, 'Girassol WhatsApp');
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await typebot?.close();
});

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const pageApi = async <T>(page: Page, method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, method, path, body, await pageToken(page));

const say = (page: Page, body: string) =>
  pageApi(page, 'POST', `/sandbox/${whatsappId}/messages`, { ...CUSTOMER, body });

/** What the customer's phone received from the business, in order. */
const received = async (page: Page) =>
  (await pageApi<SandboxConversation>(page, 'GET', `/sandbox/${whatsappId}/conversations/${CUSTOMER.number}`)).messages
    .filter((m) => !m.fromCustomer)
    .map((m) => m.body);

/** Dialogs fade in: a screenshot waits until they are fully shown. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
  );

const rowNamed = (page: Page, name: string) => page.getByTestId('queue-integration-row').filter({ hasText: name });

describe('queue integrations', () => {
  it('a Typebot integration made in its dialog, attached to a queue, answers the customer on the sandbox phone', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, COMPANY.email, COMPANY.password);
    await page.getByTestId('menu-queue-integration').click();
    await page.waitForURL(/\/queue-integration$/);
    await page.getByRole('heading', { name: 'Integrações (0)' }).waitFor();
    await page.getByTestId('empty-state').waitFor();

    // The dialog: Typebot first, with the spec's defaults; the name's checks in the locale's words.
    await page.getByTestId('queue-integration-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar integração' });
    expect(await dialog.locator('select[name="type"]').inputValue()).toBe('typebot');
    expect(await dialog.getByTestId('integration-typebotExpires').inputValue()).toBe('1');
    expect(await dialog.getByTestId('integration-typebotDelayMessage').inputValue()).toBe('1000');
    await dialog.getByTestId('queue-integration-save').click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await dialog.getByTestId('integration-name').fill('B');
    await dialog.getByTestId('queue-integration-save').click();
    await dialog.getByText('Muito curto!').waitFor();
    await dialog.getByTestId('integration-name').fill('Typebot da loja');
    await dialog.getByTestId('integration-urlN8N').fill(typebot.url);
    await dialog.getByTestId('integration-typebotSlug').fill(TYPEBOT_PUBLIC_ID);
    await dialog.getByTestId('integration-typebotDelayMessage').fill('200');
    await dialog.getByTestId('integration-typebotKeywordFinish').fill('sair');
    await dialog.getByTestId('integration-typebotKeywordRestart').fill('recomeçar');
    await dialog.getByTestId('integration-typebotRestartMessage').fill('Vamos começar de novo.');
    await dialog.getByTestId('integration-typebotUnknownMessage').fill('Não entendi, escolha uma opção.');
    await settled(page);
    await shot(page, 'queue-integration-typebot-dialog');
    await dialog.getByTestId('queue-integration-save').click();
    await seeText(page, 'Integração salva com sucesso.');
    await dialog.waitFor({ state: 'detached' });
    const row = rowNamed(page, 'Typebot da loja');
    await row.waitFor();
    expect(await row.getAttribute('data-type')).toBe('typebot');
    await row.getByTestId('integration-type-logo').waitFor();
    await page.getByRole('heading', { name: 'Integrações (1)' }).waitFor();

    // Stored as typed: projectName is the name, the defaults and the text fields kept.
    const [stored] = (await pageApi<QueueIntegrationsPage>(page, 'GET', '/queueIntegration')).queueIntegrations;
    expect(stored).toMatchObject({
      type: 'typebot',
      name: 'Typebot da loja',
      projectName: 'Typebot da loja',
      urlN8N: typebot.url,
      typebotSlug: TYPEBOT_PUBLIC_ID,
      typebotExpires: 1,
      typebotDelayMessage: 200,
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'recomeçar',
      typebotRestartMessage: 'Vamos começar de novo.',
      typebotUnknownMessage: 'Não entendi, escolha uma opção.',
    });

    // The queue modal offers it; the queue saved with it; the connection serves that queue.
    await page.getByTestId('menu-queues').click();
    await page.waitForURL(/\/queues$/);
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await queueDialog.getByLabel('Nome', { exact: true }).fill('Loja virtual');
    const integrationSelect = queueDialog.locator('select[name="integrationId"]');
    await integrationSelect.waitFor();
    expect(await integrationSelect.locator('option').allInnerTexts()).toEqual(['Nenhum', 'Typebot da loja']);
    await integrationSelect.selectOption({ label: 'Typebot da loja' });
    await queueDialog.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Fila salva com sucesso.');
    const queueRow = page.getByTestId('queue-row').filter({ hasText: 'Loja virtual' });
    await queueRow.waitFor();
    const queueId = Number(await queueRow.getAttribute('data-queue-id'));
    const queue = await pageApi<{ integrationId: number | null }>(page, 'GET', `/queue/${queueId}`);
    expect(queue.integrationId).toBe(stored!.id);
    // Read back in the modal: the select shows the stored integration.
    await queueRow.getByRole('button', { name: 'Editar' }).click();
    const editQueue = page.getByRole('dialog', { name: 'Editar fila' });
    await expect.poll(() => editQueue.locator('select[name="integrationId"]').inputValue()).toBe(String(stored!.id));
    await page.keyboard.press('Escape');
    await editQueue.waitFor({ state: 'detached' });
    await pageApi(page, 'PUT', `/whatsapp/${whatsappId}`, { queueIds: [queueId] });

    // The customer writes: the bot's bubbles reach the phone, then the choice's answer.
    await say(page, 'Oi, boa tarde');
    await typebot.until(() => typebot.starts().length === 1, 20_000);
    await expect.poll(async () => (await received(page)).join('\n'), { timeout: 30_000 }).toContain('Suporte');
    const opening = (await received(page)).join('\n');
    expect(opening).toMatch(/Olá! Eu sou o \*Bot\* da _Loja_\./);
    expect(opening).toContain('Com quem deseja falar?');
    expect(opening).toContain('Vendas');
    await say(page, 'Vendas');
    await expect
      .poll(async () => (await received(page)).join('\n'), { timeout: 30_000 })
      .toContain('Você escolheu Vendas. Qual é o seu nome?');
    expect(typebot.continues().map((r) => r.text)).toContain('Vendas');
    await page.close();
  }, 150_000);

  it('search, edit, a webhook with its signing secret, delete; dark and 390 px', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, COMPANY.email, COMPANY.password);
    await page.goto('/queue-integration');
    await rowNamed(page, 'Typebot da loja').waitFor();

    // A webhook: its URL required; once created, its signing secret is shown with how to check it.
    await page.getByTestId('queue-integration-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar integração' });
    await dialog.locator('select[name="type"]').selectOption('webhook');
    await dialog.getByTestId('integration-name').fill('Webhook do ERP');
    await dialog.getByTestId('queue-integration-save').click();
    await dialog.getByText('Obrigatório').waitFor();
    await dialog.getByTestId('integration-urlN8N').fill('https://erp.example/balcao');
    await dialog.getByTestId('queue-integration-save').click();
    const secretDialog = page.getByTestId('signing-secret-dialog');
    await secretDialog.waitFor();
    const secret = await secretDialog.getByTestId('integration-signing-secret').locator('input').inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(await secretDialog.getByTestId('integration-signing-hint').innerText()).toContain('X-Balcao-Signature');
    await settled(page);
    await shot(page, 'queue-integration-webhook-secret');
    await secretDialog.getByRole('button', { name: 'Fechar' }).click();
    await secretDialog.waitFor({ state: 'detached' });
    const webhook = rowNamed(page, 'Webhook do ERP');
    await webhook.waitFor();
    expect(await webhook.getAttribute('data-type')).toBe('webhook');

    // Search (lower-cased, debounced): one row, then none.
    const search = page.getByTestId('queue-integrations-search').locator('input');
    await search.fill('ERP');
    await expect.poll(() => page.getByTestId('queue-integration-row').count()).toBe(1);
    await webhook.waitFor();
    await search.fill('nada disso');
    await page.getByText('Nenhuma integração encontrada.').waitFor();
    await search.fill('');
    await expect.poll(() => page.getByTestId('queue-integration-row').count()).toBe(2);

    // Edit: the dialog shows what was saved (and the secret); a new name reaches the row.
    await webhook.getByTestId('queue-integration-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar integração' });
    expect(await edit.getByTestId('integration-urlN8N').inputValue()).toBe('https://erp.example/balcao');
    expect(await edit.getByTestId('integration-signing-secret').locator('input').inputValue()).toBe(secret);
    await edit.getByTestId('integration-name').fill('Webhook do ERP novo');
    await edit.getByTestId('queue-integration-save').click();
    await seeText(page, 'Integração salva com sucesso.');
    await edit.waitFor({ state: 'detached' });
    await rowNamed(page, 'Webhook do ERP novo').waitFor();

    // The Dialogflow and flow types show their own fields.
    await page.getByTestId('queue-integration-add').click();
    const other = page.getByRole('dialog', { name: 'Adicionar integração' });
    await other.locator('select[name="type"]').selectOption('dialogflow');
    await other.getByTestId('integration-jsonContent').waitFor();
    expect(await other.locator('select[name="language"]').inputValue()).toBe('pt-BR');
    expect(await other.getByTestId('integration-test').isDisabled()).toBe(true);
    await settled(page);
    await shot(page, 'queue-integration-dialogflow-dialog');
    await other.locator('select[name="type"]').selectOption('flowbuilder');
    await other.locator('select[name="flowId"]').waitFor();
    await page.keyboard.press('Escape');
    await other.waitFor({ state: 'detached' });

    // The connection modal offers the integrations too; its choice is stored, then cleared.
    await page.getByTestId('menu-connections').click();
    await page.waitForURL(/\/connections$/);
    await page
      .getByTestId('connection-row')
      .filter({ hasText: 'Girassol WhatsApp' })
      .getByRole('button', { name: 'Editar' })
      .click();
    const connection = page.getByRole('dialog', { name: 'Editar conexão' });
    const pick = connection.locator('select[name="integrationId"]');
    await pick.waitFor();
    expect(await pick.locator('option').allInnerTexts()).toEqual(['Nenhum', 'Typebot da loja', 'Webhook do ERP novo']);
    await pick.selectOption({ label: 'Webhook do ERP novo' });
    await connection.getByRole('button', { name: 'Salvar' }).click();
    await connection.waitFor({ state: 'detached' });
    const saved = await pageApi<{ integrationId: number | null }>(page, 'GET', `/whatsapp/${whatsappId}`);
    const all = await pageApi<QueueIntegrationsPage>(page, 'GET', '/queueIntegration');
    expect(saved.integrationId).toBe(all.queueIntegrations.find((i) => i.name === 'Webhook do ERP novo')!.id);
    await pageApi(page, 'PUT', `/whatsapp/${whatsappId}`, { integrationId: null });
    await page.goto('/queue-integration');
    await rowNamed(page, 'Webhook do ERP novo').waitFor();

    // Dark mode and 390 px.
    await page.getByTestId('theme-toggle').click();
    await shot(page, 'queue-integrations-dark');
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'queue-integrations-390');
    await rowNamed(page, 'Webhook do ERP novo').getByTestId('queue-integration-edit').click();
    await settled(page);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'queue-integration-dialog-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Delete, after its confirmation.
    await rowNamed(page, 'Webhook do ERP novo').getByTestId('queue-integration-delete').click();
    await page.getByTestId('confirm-dialog').getByText('Excluir a integração Webhook do ERP novo?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await seeText(page, 'Integração excluída com sucesso.');
    await rowNamed(page, 'Webhook do ERP novo').waitFor({ state: 'detached' });
    const left = await pageApi<QueueIntegrationsPage>(page, 'GET', '/queueIntegration');
    expect(left.queueIntegrations.map((i: QueueIntegration) => i.name)).toEqual(['Typebot da loja']);
    await page.close();
  }, 150_000);

  it('a plan without integrations: no menu item, and the page says so and goes to / after a second', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, NO_PLAN.email, NO_PLAN.password);
    expect(await menuIds(page)).not.toContain('menu-queue-integration');
    await page.goto('/queue-integration');
    await seeText(page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await page.close();
  });
});
