/**
 * File lists: a list with two options, one carrying a PNG, is made from its page (the file goes up
 * after the save), listed, edited (renamed, an option removed) and deleted; a file past its kind's
 * limit is refused in the dialog. The page fits 390 px. Screenshots (pt, wide, the dialog, 390 px)
 * go to $E2E_SHOTS.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.js';
import { callApi, overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const COMPANY = 'Papelaria Ipê';
const EMAIL = 'dono@ipe.test';
const PASSWORD = 'Ipe-12345';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let product: Product;
let dir: string;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-e2e-files-'));
  await fs.writeFile(path.join(dir, 'catalogo.png'), PNG);
  await fs.writeFile(path.join(dir, 'grande.png'), Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
});
afterAll(async () => {
  await product?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('file lists', () => {
  it('creates a list with two options and a PNG, lists it, edits it and deletes it', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.getByTestId('menu-files').click();
    await page.waitForURL(/\/files$/);
    await page.getByTestId('empty-state').waitFor();

    await page.getByTestId('file-list-add').click();
    const dialog = page.getByTestId('file-list-dialog');
    await dialog.getByTestId('file-list-name').fill('Catálogo de verão');
    await dialog.getByTestId('file-list-message').fill('Confira nosso catálogo!');
    await dialog.getByTestId('file-list-option-add').click();
    await dialog.getByTestId('file-list-option-add').click();
    const options = dialog.getByTestId('file-list-option');
    await options.nth(0).getByTestId('file-list-option-name').fill('Catálogo');
    await options.nth(1).getByTestId('file-list-option-name').fill('Tabela de preços');
    // Past the image limit: refused here, nothing attached.
    await options.nth(0).getByTestId('file-list-option-file').setInputFiles(path.join(dir, 'grande.png'));
    await options.nth(0).getByText('Arquivo é muito grande! 2MB máximo').waitFor();
    await options.nth(0).getByTestId('file-list-option-file').setInputFiles(path.join(dir, 'catalogo.png'));
    await options.nth(0).getByTestId('file-list-option-file-name').getByText('catalogo.png').waitFor();
    expect(await options.nth(0).getByText('Arquivo é muito grande!').count()).toBe(0);
    await shot(page, 'file-list-dialog-wide');
    await dialog.getByTestId('file-list-save').click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('file-list-row').filter({ hasText: 'Catálogo de verão' });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('file-list-option-count').innerText()).toBe('2');
    await shot(page, 'file-lists-wide');

    // Stored as sent: the PNG on the first option, served back.
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const id = Number(await row.getAttribute('data-file-list-id'));
    const stored = await callApi<{
      options: Array<{ name: string; mediaType: string | null; mediaUrl: string | null }>;
    }>(product.url, 'GET', `/files/${id}`, undefined, token);
    expect(stored.options.map((o) => [o.name, o.mediaType])).toEqual([
      ['Catálogo', 'image/png'],
      ['Tabela de preços', null],
    ]);

    // Edit: the stored file shows by name; rename the list, drop the second option.
    await row.getByTestId('file-list-edit').click();
    await dialog.getByTestId('file-list-option-file-name').getByText('catalogo.png').waitFor();
    await dialog.getByTestId('file-list-name').fill('Catálogo de inverno');
    await options.nth(1).getByTestId('file-list-option-remove').click();
    await dialog.getByTestId('file-list-save').click();
    await dialog.waitFor({ state: 'detached' });
    const edited = page.getByTestId('file-list-row').filter({ hasText: 'Catálogo de inverno' });
    await edited.waitFor();
    await expect.poll(() => edited.getByTestId('file-list-option-count').innerText()).toBe('1');

    await edited.getByTestId('file-list-delete').click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('empty-state').waitFor();
    await page.close();
  });

  it('the page fits 390 px', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto(`${product.url}/files`);
    await page.getByTestId('file-list-add').click();
    const dialog = page.getByTestId('file-list-dialog');
    await dialog.getByTestId('file-list-name').fill('Cardápio');
    await dialog.getByTestId('file-list-message').fill('Nosso cardápio');
    await dialog.getByTestId('file-list-option-add').click();
    await dialog.getByTestId('file-list-option-name').fill('Foto do prato');
    await dialog.getByTestId('file-list-option-file').setInputFiles(path.join(dir, 'catalogo.png'));
    await shot(page, 'file-list-dialog-390');
    await dialog.getByTestId('file-list-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('file-list-row').filter({ hasText: 'Cardápio' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'file-lists-390');
    await page.close();
  });
});
