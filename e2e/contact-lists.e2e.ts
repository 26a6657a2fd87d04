/**
 * Issue 14, contact lists: a list is made from its page, a spreadsheet (.xlsx, made here with
 * ExcelJS) with good and bad rows is imported into it, and the import lists the bad rows with
 * their row and reason while the good ones show in the list's contacts; the lists page counts them
 * and offers the example sheet.
 * The contacts page fits 390 px. Screenshots (pt, wide and 390 px) go to $E2E_SHOTS.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startProduct, type Product } from './support/product.js';
import { overflowsSideways, shot, signInToTickets, signUpCompany } from './support/ui.js';

const COMPANY = 'Livraria Aurora';
const EMAIL = 'dona@aurora.test';
const PASSWORD = 'Aurora-1234';

let product: Product;
let sheetFile: string;

beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: COMPANY, email: EMAIL, password: PASSWORD });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRows([
    ['Nome', 'Número', 'Email'],
    ['Ana Prado', '(11) 94444-3333', 'ana@example.com'],
    ['B', '(11) 95555-4444', null],
    ['Carlos Dias', '123', null],
    ['Eva Nunes', '+55 11 97777-8888', null],
  ]);
  sheetFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-e2e-sheet-')), 'clientes.xlsx');
  await book.xlsx.writeFile(sheetFile);
});
afterAll(async () => {
  await product?.stop();
  if (sheetFile) await fs.rm(path.dirname(sheetFile), { recursive: true, force: true });
});

describe('contact lists', () => {
  it('imports a spreadsheet into a new list: the bad rows are listed with their reason, the good ones stored', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto(`${product.url}/contact-lists`);
    await page.getByTestId('contact-lists-table').waitFor();
    await page.getByTestId('empty-state').waitFor();
    await page.getByTestId('contact-list-add').click();
    await page.getByTestId('contact-list-dialog').locator('input').fill('Clientes da feira');
    await page.getByTestId('contact-list-save').click();
    const row = page.getByTestId('contact-list-row').filter({ hasText: 'Clientes da feira' });
    await row.waitFor();
    await shot(page, 'contact-lists-wide');
    // The example sheet is an .xlsx whose first row names the columns an import reads.
    const example = await fetch(
      new URL((await page.getByTestId('contact-lists-example').getAttribute('href')) ?? '', product.url),
    );
    expect(example.status).toBe(200);
    const exampleBook = new ExcelJS.Workbook();
    await exampleBook.xlsx.load(await example.arrayBuffer());
    expect(exampleBook.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Nome', 'Numero', 'Email']);

    await row.getByTestId('contact-list-open').click();
    await page.waitForURL(/\/contact-lists\/\d+\/contacts$/);
    await page.getByText('Clientes da feira').first().waitFor();
    await page.getByTestId('contact-list-items-file').setInputFiles(sheetFile);
    const dialog = page.getByTestId('contact-list-import');
    await dialog.getByTestId('contact-list-import-summary').waitFor();
    const refused = dialog.getByTestId('contact-list-import-refused-row');
    expect(await refused.count()).toBe(2);
    expect(await refused.nth(0).innerText()).toMatch(/^3\s+B\s+\(11\) 95555-4444\s+Nome: Muito curto/i);
    expect(await refused.nth(1).innerText()).toMatch(/^4\s+Carlos Dias\s+123\s+Número:/);
    await shot(page, 'contact-list-import-wide');
    await dialog.getByTestId('contact-list-import-close').click();

    const numbers = page.getByTestId('contact-list-item-number');
    await expect.poll(() => numbers.allInnerTexts()).toEqual(['5511944443333', '5511977778888']);
    await shot(page, 'contact-list-items-wide');

    await page.getByTestId('contact-list-items-back').click();
    await page.waitForURL(/\/contact-lists$/);
    await expect.poll(() => row.getByTestId('contact-list-count').innerText()).toBe('2');
    await page.close();
  });

  it('the contacts page fits 390 px and is reached by keyboard', async () => {
    const page = await product.newPage({ width: 390, height: 844 });
    await signInToTickets(page, EMAIL, PASSWORD);
    await page.goto(`${product.url}/contact-lists`);
    const row = page.getByTestId('contact-list-row').filter({ hasText: 'Clientes da feira' });
    await row.waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'contact-lists-390');
    await row.getByTestId('contact-list-open').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact-lists\/\d+\/contacts$/);
    await page.getByTestId('contact-list-item-row').first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, 'contact-list-items-390');
    await page.close();
  });
});
