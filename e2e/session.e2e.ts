/**
 * The session seen from the browser: a forgotten password reset with the code the product
 * mails (foundation §4, §5; ARCHITECTURE §1 limits), and a login elsewhere ending this one
 * ("Sua conta foi acessada em outro computador.", foundation §4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../packages/server/test/support/smtp.js';
import { startProduct, type Product } from './support/product.js';
import { seeText, shot, signIn, signInToTickets, signUpCompany, socketReady } from './support/ui.js';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
  await signUpCompany(product.url, { name: 'Farmácia Esquecida', email: 'bia@esquecida.test', password: 'Antiga-123' });
  await signUpCompany(product.url, {
    name: 'Transportes Dois Lugares',
    email: 'caio@doislugares.test',
    password: 'Lugares-123',
  });
});
afterAll(async () => {
  await product?.stop();
});

/** The 6-digit code in the body of the mail sent to `to`. */
async function mailedCode(to: string): Promise<string> {
  const mail = await product.smtp.waitFor(to, 30_000);
  const body = mailText(mail.raw.slice(mail.raw.search(/\r?\n\r?\n/)));
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in the mail:\n${body}`);
  return code;
}

describe('session', () => {
  it('a forgotten password is reset with the mailed code; the new one signs in, the old one no longer does', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await page.waitForURL(/\/forgetpsw$/);
    await page.getByLabel('E-mail', { exact: true }).fill('bia@esquecida.test');
    await shot(page, 'reset-step1');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await seeText(page, 'Código enviado! Confira seu e-mail.');
    await seeText(page, 'Enviamos um código de 6 dígitos para bia@esquecida.test. Informe o código e a nova senha.');

    const code = await mailedCode('bia@esquecida.test');
    await page.getByLabel('Código de verificação', { exact: true }).fill(code);
    await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha123');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('NovaSenha123');
    await shot(page, 'reset-step2');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.waitForURL(/\/login$/);
    await seeText(page, 'Senha redefinida! Entre com a nova senha.');

    await signIn(page, 'bia@esquecida.test', 'Antiga-123');
    await seeText(page, 'Erro de autenticação. Verifique o e-mail e a senha.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'login-wrong-password');

    await signInToTickets(page, 'bia@esquecida.test', 'NovaSenha123');
    await page.context().close();
  });

  it('the reset form checks its fields before sending anything', async () => {
    const page = await product.newPage({ width: 1366, height: 860 });
    await page.goto('/forgetpsw');
    await page.getByLabel('E-mail', { exact: true }).fill('ninguem@nada.test');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await seeText(page, 'E-mail não encontrado.');

    await page.getByLabel('E-mail', { exact: true }).fill('caio@doislugares.test');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const code = page.getByLabel('Código de verificação', { exact: true });
    const password = page.getByLabel('Nova senha', { exact: true });
    const confirmation = page.getByLabel('Confirme a nova senha', { exact: true });
    await code.fill('12');
    await password.fill('fraca');
    await confirmation.fill('fraca');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await seeText(page, 'O código tem 6 dígitos');
    await page.locator('input[name="newPassword"][aria-invalid="true"]').waitFor();

    await code.fill('123456');
    await password.fill('Valida123');
    await confirmation.fill('Valida124');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await seeText(page, 'As senhas não conferem');
    await shot(page, 'reset-errors');
    expect(new URL(page.url()).pathname).toBe('/forgetpsw');
    await page.context().close();
  });

  it('signing the same admin in on another browser ends the first session with a notice', async () => {
    const first = await product.newPage({ width: 1366, height: 860 });
    const connected = socketReady(first);
    await signInToTickets(first, 'caio@doislugares.test', 'Lugares-123');
    await connected;

    const second = await product.newPage({ width: 1366, height: 860 });
    await signInToTickets(second, 'caio@doislugares.test', 'Lugares-123');

    await seeText(first, 'Sua conta foi acessada em outro computador.');
    await shot(first, 'session-replaced');
    await first.waitForURL(/\/login$/);
    await first.getByRole('button', { name: 'Entrar', exact: true }).waitFor();

    // The newer session carries on.
    await second.reload();
    await second.getByTestId('greeting').waitFor();
    expect(new URL(second.url()).pathname).toBe('/tickets');
    await first.context().close();
    await second.context().close();
  });
});
