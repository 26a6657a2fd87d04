/**
 * The side menu follows the plan's features and the super flag (foundation §2 side menu, §6),
 * and a person's language and theme choices stick (foundation §1, §4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startProduct, type Product } from './support/product.js';
import {
  ADMIN_MENU,
  apiToken,
  bodyBackground,
  callApi,
  luminance,
  menuIds,
  seeText,
  shot,
  signInToTickets,
  signUpCompany,
  sorted,
} from './support/ui.js';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
  // The operator creates a plan without kanban, and a company signs up on it (both as setup).
  const token = await apiToken(product.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await callApi(
    product.url,
    'POST',
    '/plans',
    { name: 'Sem Kanban', users: 5, connections: 2, queues: 5, value: 49.9, useKanban: false },
    token,
  );
  await signUpCompany(product.url, {
    name: 'Mercado Sem Quadro',
    email: 'dono@semquadro.test',
    password: 'Quadro-123',
    planName: 'Sem Kanban',
  });
  await signUpCompany(product.url, { name: 'Clínica Poliglota', email: 'ana@poliglota.test', password: 'Poliglota-1' });
  await signUpCompany(product.url, { name: 'Estúdio Noturno', email: 'leo@noturno.test', password: 'Noturno-1' });
});
afterAll(async () => {
  await product?.stop();
});

describe('side menu by plan and by super flag', () => {
  it('an admin on a plan without kanban has no Kanban item, and /kanban is refused', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, 'dono@semquadro.test', 'Quadro-123');
    expect(await menuIds(page)).toEqual(sorted(ADMIN_MENU.filter((id) => id !== 'menu-kanban')));
    await page.goto('/kanban');
    await page.waitForURL(/\/tickets$/);
    await seeText(page, 'Acesso não permitido');
    await page.context().close();
  });

  it('the platform operator also sees Announcements, and the operator tabs in settings', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await menuIds(page)).toEqual(sorted([...ADMIN_MENU, 'menu-announcements']));
    await page.getByTestId('menu-announcements').getByText('Informativos').waitFor();

    await page.getByTestId('menu-settings').click();
    await page.getByRole('tab', { name: 'Planos' }).click();
    await page.waitForURL(/\/settings\?tab=plans$/);
    await page.getByRole('cell', { name: 'Sem Kanban', exact: true }).waitFor();
    await shot(page, 'settings-plans-super');
    await page.getByRole('tab', { name: 'Empresas' }).click();
    await page.getByRole('cell', { name: 'Mercado Sem Quadro', exact: true }).waitFor();
    await shot(page, 'settings-companies-super');
    await page.context().close();
  });
});

describe('language and theme', () => {
  it('English chosen in the top bar replaces the texts and survives a reload', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, 'ana@poliglota.test', 'Poliglota-1');
    const tickets = page.getByTestId('menu-tickets');
    await tickets.getByText('Atendimentos', { exact: true }).waitFor();

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await tickets.getByText('Tickets', { exact: true }).waitFor();
    await page.getByTestId('menu-users').getByText('Users', { exact: true }).waitFor();
    // The page itself speaks English too: the ticket manager's tabs.
    await page.getByRole('tab', { name: 'Resolved' }).waitFor();

    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Tickets', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Users', exact: true }).waitFor();
    expect(await page.getByTestId('language-menu').innerText()).toBe('EN');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });

  it('the dark theme darkens the page and survives a reload', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, 'leo@noturno.test', 'Noturno-1');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);

    await page.getByRole('button', { name: 'Alternar tema claro/escuro' }).click();
    // The theme changes in place: wait for the body to turn dark (all channels low).
    await page.waitForFunction(() =>
      (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? ['255'])
        .slice(0, 3)
        .every((c) => Number(c) < 60),
    );
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);

    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
    // The page area and the drawer follow the theme too, not only the body.
    const main = await page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(main)).toBeLessThan(0.05);
    await shot(page, 'dark-tickets');
    await page.getByTestId('menu-users').click();
    await page.getByTestId('user-row').first().waitFor();
    await shot(page, 'dark-users');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, 'dark-users-dialog');
    await page.context().close();
  });
});
