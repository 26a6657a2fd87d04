import { describe, expect, it } from 'vitest';
import { campaignFormValues, campaignResolver } from './campaignForm';

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
