import { describe, expect, it } from 'vitest';
import { userBody, userUpdateBody } from './users.js';

const user = { name: 'Maria', email: 'maria@example.com', password: 'secret1' };

describe('user schemas', () => {
  it("read every spelling of allTicket (the spec's client and the spec's own) as Balcão's value", () => {
    const read = (allTicket: unknown) => userBody.safeParse({ ...user, allTicket });
    expect(['enable', 'enabled'].map((v) => read(v).data?.allTicket)).toEqual(['enable', 'enable']);
    expect(['disable', 'disabled', 'desabled'].map((v) => read(v).data?.allTicket)).toEqual([
      'disable',
      'disable',
      'disable',
    ]);
    expect(userBody.parse(user).allTicket).toBe('disable');
    expect(userUpdateBody.parse({ allTicket: 'enabled' })).toEqual({ allTicket: 'enable' });
    for (const bad of ['Enabled', 'yes', true, 1, 'constructor', '']) expect(read(bad).success).toBe(false);
  });

  it("the connection left at the dialog's empty option ('' or false) is none; absent stays absent", () => {
    expect(userBody.parse({ ...user, whatsappId: '' }).whatsappId).toBeNull();
    expect(userBody.parse({ ...user, whatsappId: false }).whatsappId).toBeNull();
    expect(userBody.parse({ ...user, whatsappId: null }).whatsappId).toBeNull();
    expect(userBody.parse({ ...user, whatsappId: '3' }).whatsappId).toBe(3);
    expect(userUpdateBody.parse({ name: 'Maria' })).toEqual({ name: 'Maria' });
    expect(userUpdateBody.parse({ whatsappId: '' })).toEqual({ whatsappId: null });
    expect(userBody.safeParse({ ...user, whatsappId: true }).success).toBe(false);
    expect(userBody.safeParse({ ...user, whatsappId: 0 }).success).toBe(false);
  });

  it("the edit takes the client's whole user back (what it reads from GET /users/{id}), keeping only the fields it knows", () => {
    const echoed = {
      id: 5,
      companyId: 1,
      name: 'Maria',
      email: 'maria@example.com',
      password: '',
      profile: 'user',
      super: false,
      online: true,
      language: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      queues: [{ id: 2, name: 'Vendas', color: '#fff' }],
      queueIds: [2],
      whatsappId: '',
      allTicket: 'desabled',
    };
    expect(userUpdateBody.parse(echoed)).toEqual({
      name: 'Maria',
      email: 'maria@example.com',
      password: '',
      profile: 'user',
      queueIds: [2],
      whatsappId: null,
      allTicket: 'disable',
    });
  });
});
