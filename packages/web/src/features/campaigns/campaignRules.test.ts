import { describe, expect, it } from 'vitest';
import { formatCompanyTime, toCompanyInput, toScheduledAt } from './campaignTime';
import { campaignEditing } from './campaignEditing';
import { campaignProgress } from './campaignProgress';
import { readCampaignSettings } from './useCampaignSettings';

describe('campaign times on the company’s clock', () => {
  it('shows an instant as dd/MM/yyyy HH:mm in the company’s zone', () => {
    expect(formatCompanyTime('2025-06-14T12:05:00Z', 'America/Sao_Paulo')).toBe('14/06/2025 09:05');
    expect(formatCompanyTime('2025-06-14T23:30:00Z', 'Europe/Lisbon')).toBe('15/06/2025 00:30');
    expect(formatCompanyTime(null, 'America/Sao_Paulo')).toBe('');
  });

  it('fills the form with the company’s wall clock and sends it back as YYYY-MM-DD HH:mm:ss', () => {
    const input = toCompanyInput('2025-06-14T12:05:00Z', 'America/Sao_Paulo');
    expect(input).toBe('2025-06-14T09:05');
    expect(toScheduledAt(input)).toBe('2025-06-14 09:05:00');
    expect(toScheduledAt('2025-06-14T09:05:30')).toBe('2025-06-14 09:05:30');
  });

  it('sends an empty date as null', () => {
    expect(toScheduledAt('')).toBeNull();
    expect(toScheduledAt('  ')).toBeNull();
  });
});

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
