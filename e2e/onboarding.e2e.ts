/**
 * Onboarding as a person does it: a company signs up on /signup, its admin signs in, sees the
 * admin's side menu and adds a plain user on /users, who then sees the user's menu
 * (foundation §2 routes and side menu, §4 signup, §5 signup rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.js';
import {
  ADMIN_MENU,
  USER_MENU,
  menuIds,
  overflowsSideways,
  seeText,
  shot,
  signUpCompany,
  signInToTickets,
  sorted,
} from './support/ui.js';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

/** Adds a user through the dialog of /users and waits for its row. */
async function addUserThroughDialog(page: Page, user: { name: string; email: string; password: string }) {
  await page.getByTestId('menu-users').click();
  await page.waitForURL(/\/users$/);
  await page.getByRole('heading', { name: 'Usuários' }).waitFor();
  await page.getByRole('button', { name: 'Adicionar usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
  await dialog.getByLabel('Nome', { exact: true }).fill(user.name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(user.email);
  await dialog.getByLabel('Senha', { exact: true }).fill(user.password);
  await dialog.getByLabel('Perfil', { exact: true }).selectOption('user');
  await shot(page, 'users-dialog');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await seeText(page, 'Usuário salvo com sucesso.');
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByTestId('user-row').filter({ hasText: user.email });
  await row.waitFor();
  return row;
}

describe('signup and the side menu by role', () => {
  it('a company signs up on /signup; its admin signs in, lands on /tickets and sees every admin item', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await shot(page, 'login');

    await page.getByTestId('link-signup').click();
    await page.waitForURL(/\/signup$/);
    await page.getByLabel('Seu nome', { exact: true }).fill('Dona Aurora');
    await page.getByLabel('Nome da empresa', { exact: true }).fill('Padaria Aurora');
    await page.getByLabel('E-mail', { exact: true }).fill('dona@aurora.test');
    await page.getByLabel('Telefone', { exact: true }).fill('11987654321');
    await page.getByLabel('Senha', { exact: true }).fill('Aurora-123');
    const planSelect = page.getByLabel('Plano', { exact: true });
    const option = planSelect.locator('option', { hasText: 'Plano Padrão' });
    await planSelect.selectOption((await option.getAttribute('value'))!);
    await shot(page, 'signup');
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    await page.waitForURL(/\/login$/);
    await seeText(page, 'Cadastro realizado! Agora é só entrar.');

    await signInToTickets(page, 'dona@aurora.test', 'Aurora-123');
    // A 3-day trial: the top bar warns that the subscription ends soon (foundation §4).
    expect(await page.getByTestId('subscription-warning').getAttribute('aria-label')).toMatch(
      /^Sua assinatura expira em \d+ dias?\.$/,
    );
    // The admin is the person who signed up, not the company.
    await page.getByText('Olá Dona Aurora, bem-vindo à Padaria Aurora!').waitFor();
    expect(await menuIds(page)).toEqual(sorted(ADMIN_MENU));
    await page.getByTestId('drawer-admin-header').getByText('Administração').waitFor();
    // Every label is a translated text, never a key such as "menu.tickets".
    expect(await page.getByTestId('side-drawer').innerText()).not.toMatch(/\bmenu\.\w+/);
    await shot(page, 'menu-admin');

    await page.getByTestId('menu-settings').click();
    await page.waitForURL(/\/settings$/);
    await page.getByTestId('settings-options').waitFor();
    await shot(page, 'settings');
    await page.context().close();
  });

  it('the admin adds a plain user on /users; that user sees only the user items', async () => {
    await signUpCompany(product.url, {
      name: 'Oficina Boa Vista',
      email: 'chefe@boavista.test',
      password: 'Vista-123',
    });
    const admin = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(admin, 'chefe@boavista.test', 'Vista-123');
    const row = await addUserThroughDialog(admin, {
      name: 'Rita Atendente',
      email: 'rita@boavista.test',
      password: 'Rita-123',
    });
    expect(await row.innerText()).toContain('Rita Atendente');
    expect(await row.innerText()).toContain('Usuário');
    await shot(admin, 'users');

    const user = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(user, 'rita@boavista.test', 'Rita-123');
    expect(await menuIds(user)).toEqual(sorted(USER_MENU));
    expect(await user.getByTestId('drawer-admin-header').count()).toBe(0);
    await shot(user, 'menu-user');

    // An administration page typed into the address bar is refused with a notice.
    await user.goto('/users');
    await user.waitForURL(/\/tickets$/);
    await seeText(user, 'Acesso não permitido');

    await admin.context().close();
    await user.context().close();
  });

  it('at 375 px the login and users pages fit the window and the menu opens from the top bar', async () => {
    await signUpCompany(product.url, { name: 'Loja Estreita', email: 'gerente@estreita.test', password: 'Estreita-1' });
    const page = await product.newPage({ width: 375, height: 740 });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'login-375');

    await signInToTickets(page, 'gerente@estreita.test', 'Estreita-1');
    expect(await menuIds(page)).toEqual(sorted(ADMIN_MENU));
    await shot(page, 'menu-375');
    await page.getByTestId('menu-users').click();
    await page.waitForURL(/\/users$/);
    await page.getByTestId('user-row').filter({ hasText: 'gerente@estreita.test' }).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Usuários' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'users-375');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    await page.getByRole('dialog', { name: 'Adicionar usuário' }).waitFor();
    await shot(page, 'users-dialog-375');
    await page.context().close();
  });
});
