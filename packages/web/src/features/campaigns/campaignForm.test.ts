import { describe, expect, it } from 'vitest';
import { campaignFormValues, campaignPayload, campaignResolver } from './campaignForm';

const resolve = (values: ReturnType<typeof campaignFormValues>) =>
  campaignResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('campaign form with a template', () => {
  const base = {
    ...campaignFormValues(undefined, 'America/Sao_Paulo'),
    name: 'Promo',
    contactListId: '1',
    whatsappId: '2',
  };

  it('needs a message when no template is chosen', async () => {
    expect((await resolve(base)).errors).toHaveProperty('message1');
  });

  it('takes a template instead of the messages, with its texts', async () => {
    const result = await resolve({
      ...base,
      templateName: 'promo',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}'],
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      templateName: 'promo',
      templateLanguage: 'pt_BR',
      templateVariables: ['{{firstName}}'],
    });
  });
});

describe('the campaign’s time on the company’s clock', () => {
  it('opens a stored instant as the company’s wall clock and saves what is typed as the instant it names there', async () => {
    const values = campaignFormValues({ scheduledAt: '2025-06-14T12:05:00.000Z' } as never, 'America/Sao_Paulo');
    expect(values.scheduledAt).toBe('2025-06-14T09:05');
    const typed = {
      ...values,
      name: 'Promo',
      contactListId: '1',
      whatsappId: '2',
      message1: 'Oi',
      scheduledAt: '2025-06-20T18:30',
    };
    const parsed = (await resolve(typed)).values as Parameters<typeof campaignPayload>[0];
    expect(campaignPayload(parsed, 'all', 'America/Sao_Paulo').scheduledAt).toBe('2025-06-20T21:30:00.000Z');
    expect(campaignPayload(parsed, 'all', 'Asia/Tokyo').scheduledAt).toBe('2025-06-20T09:30:00.000Z');
    expect(campaignPayload({ ...parsed, scheduledAt: null }, 'all', 'America/Sao_Paulo').scheduledAt).toBeNull();
  });
});
