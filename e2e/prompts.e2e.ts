/**
 * AI prompts (issue 16, acceptance 3): a prompt made in its dialog (its checks, the sector error,
 * a model typed freely, the temperature by keyboard), attached to a queue in the queue modal, and
 * a customer chatting with it from the sandbox phone while the fake OpenAI-compatible server
 * (`OPENAI_BASE_URL`) answers. Edited with its key masked and kept; search; deleted after its
 * confirmation; the page at 390 px and in dark mode; a plan without AI is told so and sent to /.
 * Screenshots go to $E2E_SHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  maskSecret,
  PROMPT_DEFAULTS,
  type Prompt,
  type PromptsPage,
  type SandboxConversation,
} from '@balcao/contracts';
import { startFakeOpenAi, type FakeOpenAi } from '../packages/server/test/support/fake-openai.js';
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

const COMPANY = { name: 'Ótica Horizonte', email: 'dona@horizonte.test', password: 'Horizonte-123' };
const NO_PLAN = { name: 'Papelaria Sem IA', email: 'dono@semia.test', password: 'Sem-Ia-123', planName: 'Sem IA' };
const CUSTOMER = { number: '5511944440001', name: 'Caio Prado' };
const API_KEY = 'sk-horizonte-0123456789abcdef';
const MODEL = 'modelo-local-8b';
const INSTRUCTIONS =
  'Você é a assistente da Ótica Horizonte. Responda com gentileza sobre óculos, lentes e horários; ' +
  'se o cliente pedir um atendente, responda com a ação de transferir.';
const ANSWER = 'Olá! Sou a assistente da Ótica Horizonte. Como posso ajudar?';

let product: Product;
let openai: FakeOpenAi;
let whatsappId: number;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  product = await startProduct({ env: { OPENAI_BASE_URL: openai.url } });
  const operator = await apiToken(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await callApi(
    product.url,
    'POST',
    '/plans',
    { name: NO_PLAN.planName, users: 3, connections: 1, queues: 3, value: 19.9, useOpenAi: false },
    operator,
  );
  await signUpCompany(product.url, COMPANY);
  await signUpCompany(product.url, NO_PLAN);
  const token = await apiToken(product.url, COMPANY.email, COMPANY.password);
  whatsappId = await connectedSandbox(product.url, token, 'Horizonte WhatsApp');
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await openai?.close();
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

/** Dialogs and pop-overs fade in: a screenshot waits until they are fully shown. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((e) => getComputedStyle(e).opacity === '1'),
  );

const rowNamed = (page: Page, name: string) => page.getByTestId('prompt-row').filter({ hasText: name });

describe('AI prompts', () => {
  it('a prompt made in its dialog, attached to a queue, answers the customer on the sandbox phone', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, COMPANY.email, COMPANY.password);
    // The queue the prompt hands customers to (and that it serves).
    const queue = await pageApi<{ id: number }>(page, 'POST', '/queue', { name: 'Atendimento', color: '#1976D2' });

    await page.getByTestId('menu-prompts').click();
    await page.waitForURL(/\/prompts$/);
    await page.getByRole('heading', { name: 'Prompts (0)' }).waitFor();
    await page.getByTestId('empty-state').waitFor();

    // The dialog's checks: required, too short, and the sector error without a queue.
    await page.getByTestId('prompt-add').click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar prompt' });
    expect(await dialog.getByTestId('prompt-maxTokens').inputValue()).toBe(String(PROMPT_DEFAULTS.maxTokens));
    expect(await dialog.getByTestId('prompt-maxMessages').inputValue()).toBe('10');
    expect(await dialog.getByTestId('prompt-model').inputValue()).toBe(PROMPT_DEFAULTS.model);
    expect(await dialog.getByRole('slider').getAttribute('aria-valuenow')).toBe('1');
    expect(await dialog.locator('select[name="voice"]').inputValue()).toBe('texto');
    await dialog.getByTestId('prompt-save').click();
    await dialog.getByText('Obrigatório').first().waitFor();
    await dialog.getByText('Defina o setor (fila) para onde a IA transfere o atendimento').waitFor();
    await dialog.getByTestId('prompt-name').fill('Ótic');
    await dialog.getByTestId('prompt-prompt').fill('Curto demais.');
    await dialog.getByTestId('prompt-save').click();
    await expect.poll(() => dialog.getByText('Muito curto!').count()).toBe(2);

    // Filled: a model typed freely, temperature 0.7 by keyboard, the key, the queue.
    await dialog.getByTestId('prompt-name').fill('Assistente da ótica');
    await dialog.getByTestId('prompt-prompt').fill(INSTRUCTIONS);
    await dialog.getByTestId('prompt-model').fill(MODEL);
    await page.keyboard.press('Tab'); // leaves the suggestions with the typed name
    await dialog.getByRole('slider').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('slider').getAttribute('aria-valuenow')).toBe('0.7');
    await dialog.getByTestId('prompt-apiKey').fill(API_KEY);
    await dialog.locator('select[name="queueId"]').selectOption({ label: 'Atendimento' });
    await dialog.getByTestId('prompt-maxMessages').fill('6');
    // A voice shows its Azure fields; text hides them again.
    await dialog.locator('select[name="voice"]').selectOption({ label: 'Francisca' });
    await dialog.getByTestId('prompt-voiceRegion').waitFor();
    await dialog.locator('select[name="voice"]').selectOption('texto');
    await dialog.getByTestId('prompt-voiceRegion').waitFor({ state: 'detached' });
    await settled(page);
    await shot(page, 'prompt-dialog');
    await dialog.getByTestId('prompt-save').click();
    await seeText(page, 'Prompt salvo com sucesso.');
    await dialog.waitFor({ state: 'detached' });
    const row = rowNamed(page, 'Assistente da ótica');
    await row.waitFor();
    expect(await row.getByTestId('prompt-queue').innerText()).toBe('Atendimento');
    expect(await row.getByTestId('prompt-max-tokens').innerText()).toBe(String(PROMPT_DEFAULTS.maxTokens));
    await page.getByRole('heading', { name: 'Prompts (1)' }).waitFor();

    // Stored as typed; the key answered masked.
    const [stored] = (await pageApi<PromptsPage>(page, 'GET', '/prompt')).prompts;
    expect(stored).toMatchObject({
      name: 'Assistente da ótica',
      prompt: INSTRUCTIONS,
      model: MODEL,
      maxTokens: PROMPT_DEFAULTS.maxTokens,
      temperature: 0.7,
      apiKey: maskSecret(API_KEY),
      queueId: queue.id,
      maxMessages: 6,
      voice: 'texto',
    });

    // Edit: the key shows masked; saved untouched, the stored key stays (the chat below uses it).
    await row.getByTestId('prompt-edit').click();
    const edit = page.getByRole('dialog', { name: 'Editar prompt' });
    expect(await edit.getByTestId('prompt-apiKey').inputValue()).toBe(maskSecret(API_KEY));
    expect(await edit.getByTestId('prompt-model').inputValue()).toBe(MODEL);
    await edit.getByTestId('prompt-maxTokens').fill('150');
    await edit.getByTestId('prompt-save').click();
    await seeText(page, 'Prompt salvo com sucesso.');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('prompt-max-tokens').innerText()).toBe('150');

    // The queue modal offers it; the queue saved with it; the connection serves that queue.
    await page.getByTestId('menu-queues').click();
    await page.waitForURL(/\/queues$/);
    const queueRow = page.getByTestId('queue-row').filter({ hasText: 'Atendimento' });
    await queueRow.getByRole('button', { name: 'Editar' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Editar fila' });
    const promptSelect = queueDialog.locator('select[name="promptId"]');
    await promptSelect.waitFor();
    expect(await promptSelect.locator('option').allInnerTexts()).toEqual(['Nenhum', 'Assistente da ótica']);
    await promptSelect.selectOption({ label: 'Assistente da ótica' });
    await queueDialog.getByRole('button', { name: 'Salvar' }).click();
    await seeText(page, 'Fila salva com sucesso.');
    await queueDialog.waitFor({ state: 'detached' });
    expect((await pageApi<{ promptId: number | null }>(page, 'GET', `/queue/${queue.id}`)).promptId).toBe(stored!.id);
    await pageApi(page, 'PUT', `/whatsapp/${whatsappId}`, { queueIds: [queue.id] });

    // The customer writes: the model is asked with the prompt and the message; its answer reaches the phone.
    openai.answer(ANSWER);
    await say(page, 'Oi, vocês têm lentes de contato?');
    const call = await openai.until(() => openai.chats.find((c) => c.status === 200), 30_000);
    expect(call.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call.model).toBe(MODEL);
    expect(call.max_tokens).toBe(150);
    expect(call.temperature).toBeCloseTo(0.7);
    expect(call.messages[0]).toEqual({ role: 'system', content: INSTRUCTIONS });
    expect(call.messages.at(-1)).toMatchObject({ role: 'user', content: 'Oi, vocês têm lentes de contato?' });
    await expect.poll(() => received(page), { timeout: 30_000 }).toContain(ANSWER);
    await page.close();
  }, 150_000);

  it('search and delete (after its confirmation); dark and 390 px', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, COMPANY.email, COMPANY.password);
    await page.goto('/prompts');
    const row = rowNamed(page, 'Assistente da ótica');
    await row.waitFor();

    const search = page.getByTestId('prompts-search').locator('input');
    await search.fill('nada disso');
    await page.getByText('Nenhum prompt encontrado.').waitFor();
    await search.fill('ÓTICA');
    await row.waitFor();

    await page.getByTestId('theme-toggle').click();
    await shot(page, 'prompts-dark');
    await row.getByTestId('prompt-edit').click();
    await settled(page);
    await shot(page, 'prompt-dialog-dark');
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-toggle').click();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'prompts-390');
    await row.getByTestId('prompt-edit').click();
    await settled(page);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'prompt-dialog-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 900 });

    await row.getByTestId('prompt-delete').click();
    await page.getByTestId('confirm-dialog').getByText('Excluir o prompt Assistente da ótica?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await seeText(page, 'Prompt excluído com sucesso.');
    await row.waitFor({ state: 'detached' });
    expect((await pageApi<PromptsPage>(page, 'GET', '/prompt')).prompts.map((p: Prompt) => p.name)).toEqual([]);
    await page.close();
  }, 150_000);

  it('a plan without AI: no menu item, and the page says so and goes to / after a second', async () => {
    const page = await product.newPage({ width: 1366, height: 900 });
    await signInToTickets(page, NO_PLAN.email, NO_PLAN.password);
    expect(await menuIds(page)).not.toContain('menu-prompts');
    await page.goto('/prompts');
    await seeText(page, 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await page.close();
  });
});
