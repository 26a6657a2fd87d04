import { describe, expect, it } from 'vitest';
import { campaignEditing } from './campaignEditing';
import { campaignProgress } from './campaignProgress';
import { readCampaignSettings } from './useCampaignSettings';

describe('what the campaign form may change (automation §4)', () => {
  const now = Date.parse('2025-06-14T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('everything while INATIVA or PROGRAMADA more than an hour ahead', () => {
    expect(campaignEditing(undefined, now)).toBe('all');
    expect(campaignEditing({ status: 'INATIVA', scheduledAt: null }, now)).toBe('all');
    expect(campaignEditing({ status: 'PROGRAMADA', scheduledAt: at(61 * 60_000) }, now)).toBe('all');
  });

  it('nothing within the hour, running or finished; the messages of a cancelled one', () => {
    expect(campaignEditing({ status: 'PROGRAMADA', scheduledAt: at(59 * 60_000) }, now)).toBe('none');
    expect(campaignEditing({ status: 'EM_ANDAMENTO', scheduledAt: at(-1) }, now)).toBe('none');
    expect(campaignEditing({ status: 'FINALIZADA', scheduledAt: at(-1) }, now)).toBe('none');
    expect(campaignEditing({ status: 'CANCELADA', scheduledAt: at(-1) }, now)).toBe('messages');
  });
});

describe('campaign progress', () => {
  it('is delivered / valid, reaching 100 only when all are delivered', () => {
    expect(campaignProgress(0, 0)).toBe(0);
    expect(campaignProgress(1, 3)).toBe(33);
    expect(campaignProgress(199, 200)).toBe(99);
    expect(campaignProgress(3, 3)).toBe(100);
  });
});

describe('campaign settings as stored', () => {
  it('reads JSON values, with the defaults where a key is missing or unreadable', () => {
    expect(
      readCampaignSettings([
        { key: 'messageInterval', value: '0' },
        { key: 'greaterInterval', value: 'oops' },
        { key: 'variables', value: '[{"key":"loja","value":"Centro"}]' },
      ]),
    ).toEqual({
      messageInterval: 0,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Centro' }],
    });
  });
});
