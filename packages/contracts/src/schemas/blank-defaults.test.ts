import { describe, expect, it } from 'vitest';
import { PROMPT_DEFAULTS, promptBody, promptUpdateBody } from './prompts.js';
import { queueIntegrationBody, queueIntegrationUpdateBody } from './queue-integrations.js';

const prompt = { name: 'Vendas IA', prompt: 'x'.repeat(60), apiKey: 'sk-test', queueId: 1 };
const typebot = { type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.example.com', typebotSlug: 'vendas' };

describe('fields the forms may leave blank', () => {
  it('take their default when blank or absent', () => {
    const blank = { ...prompt, model: '', maxTokens: '', temperature: null, maxMessages: '', voice: '' };
    expect(promptBody.parse(blank)).toMatchObject({
      model: 'gpt-4o-mini',
      maxTokens: 500,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
    });
    expect(promptBody.parse(prompt)).toMatchObject(PROMPT_DEFAULTS);
    const bot = queueIntegrationBody.parse({ ...typebot, typebotExpires: '', typebotDelayMessage: '', language: '' });
    expect(bot).toMatchObject({ typebotExpires: 1, typebotDelayMessage: 1000, language: 'pt-BR' });
  });

  it('still refuse a wrong value', () => {
    expect(promptBody.safeParse({ ...prompt, maxTokens: 'many' }).success).toBe(false);
    expect(queueIntegrationBody.safeParse({ ...typebot, typebotExpires: -1 }).success).toBe(false);
  });

  it('change nothing in an edit when blank or absent', () => {
    expect(promptUpdateBody.parse({ maxTokens: '', name: 'Outro nome' })).toEqual({ name: 'Outro nome' });
    expect(queueIntegrationUpdateBody.parse({ typebotDelayMessage: '' })).toEqual({});
    expect(queueIntegrationUpdateBody.parse({ typebotDelayMessage: '500' })).toEqual({ typebotDelayMessage: 500 });
  });
});
