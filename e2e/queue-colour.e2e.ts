/**
 * A new queue starts with a colour (issue 12, point 6; automation §2: the colour is required):
 * one no other queue of the company has, in a field without a placeholder that could pass for
 * a value, so saving without touching it works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.js';
import { apiToken, callApi, seeText, shot, signInToTickets, signUpCompany } from './support/ui.js';

const EMAIL = 'gerente@colorida.test';
const PASSWORD = 'Colorida-1';
const TAKEN = '#2196f3';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Papelaria Colorida', email: EMAIL, password: PASSWORD });
  const token = await apiToken(product.url, EMAIL, PASSWORD);
  await callApi(product.url, 'POST', '/queue', { name: 'Suporte', color: TAKEN, greetingMessage: 'Oi!' }, token);
});
afterAll(async () => {
  await product?.stop();
});

describe('a new queue has a colour', () => {
  it('the dialog opens with a colour no other queue has, and saves without touching it', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto('/queues');
    await page.getByTestId('queue-row').filter({ hasText: 'Suporte' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const dialog = page.getByTestId('queue-dialog');
    const colour = dialog.getByLabel('Cor', { exact: true });
    await colour.waitFor();

    const value = await colour.inputValue();
    expect(value).toMatch(/^#[0-9a-f]{6}$/i);
    expect(value.toLowerCase()).not.toBe(TAKEN);
    // Nothing in the field pretends to be a value it does not hold.
    expect(await colour.getAttribute('placeholder')).toBeFalsy();
    await shot(page, 'queue-new-colour');

    await dialog.getByLabel('Nome', { exact: true }).fill('Vendas');
    await dialog.getByLabel('Mensagem de saudação', { exact: true }).fill('Bem-vindo às vendas!');
    await dialog.getByTestId('queue-save').click();
    await seeText(page, 'Fila salva com sucesso.');
    await dialog.waitFor({ state: 'detached' });

    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const queues = await callApi<Array<{ name: string; color: string }>>(
      product.url,
      'GET',
      '/queue',
      undefined,
      token,
    );
    expect(queues.find((q) => q.name === 'Vendas')?.color).toBe(value.toLowerCase());
    await page.context().close();
  });
});
