/**
 * Signup as a newcomer meets it (issue 12, point 8; foundation §5 signup rules): an error says
 * the rule it enforces (the name's 2–50 characters, the password the reset's rule: 8+ with upper
 * and lower case and a digit, issue 35), the form asks for the
 * person's name, and the admin it creates is that person, greeted "bem-vindo à" their company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import { seeText, shot, signInToTickets } from './support/ui.js';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

/** The helper text (or error) under a field of the signup form. */
const helperOf = (page: Page, label: string) =>
  page
    .getByTestId('signup-form')
    .getByLabel(label, { exact: true })
    .evaluate((input) => {
      const id = input.getAttribute('aria-describedby');
      return (id && document.getElementById(id)?.textContent) || '';
    });

describe('signup', () => {
  it('errors state the rule, and the admin is the person who signed up', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await page.goto('/signup');
    const form = page.getByTestId('signup-form');
    await form.getByLabel('Nome da empresa', { exact: true }).fill('P');
    await form.getByLabel('Seu nome', { exact: true }).fill('A');
    await form.getByLabel('E-mail', { exact: true }).fill('ana@aurora.test');
    await form.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByTestId('signup-submit').click();

    const rule = 'A senha precisa de 8 caracteres ou mais, com letra maiúscula, letra minúscula e número';
    await form.getByLabel('Seu nome', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await helperOf(page, 'Senha')).toBe(rule);
    expect(await helperOf(page, 'Nome da empresa')).toBe('Muito curto: use de 2 a 50 caracteres');
    expect(await helperOf(page, 'Seu nome')).toBe('Muito curto: use de 2 a 50 caracteres');
    // Long enough is not enough: the reset's rule, one rule in the contracts.
    await form.getByLabel('Senha', { exact: true }).fill('aurora123');
    await page.getByTestId('signup-submit').click();
    await form.getByLabel('Senha', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await helperOf(page, 'Senha')).toBe(rule);
    await shot(page, 'signup-errors');

    await form.getByLabel('Nome da empresa', { exact: true }).fill('Padaria Aurora');
    await form.getByLabel('Seu nome', { exact: true }).fill('Ana Souza');
    await form.getByLabel('Senha', { exact: true }).fill('Aurora-123');
    const plan = form.getByLabel('Plano', { exact: true });
    await plan.selectOption((await plan.locator('option', { hasText: 'Plano Padrão' }).getAttribute('value'))!);
    await page.getByTestId('signup-submit').click();
    await page.waitForURL(/\/login$/);
    await seeText(page, 'Cadastro realizado! Agora é só entrar.');

    await signInToTickets(page, 'ana@aurora.test', 'Aurora-123');
    await page.getByText('Olá Ana Souza, bem-vindo à Padaria Aurora!').waitFor();
    await page.context().close();
  });
});
