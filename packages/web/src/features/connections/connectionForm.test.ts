import { describe, expect, it } from 'vitest';
import { EMPTY_CONNECTION, toBody } from './connectionForm';

describe('connection form body', () => {
  it('sends the WABA id of a Cloud API connection (blank clears it) and none for the others', () => {
    const cloud = { ...EMPTY_CONNECTION, provider: 'cloud' as const, wabaId: ' 102290129340398 ' };
    expect(toBody(cloud, false).wabaId).toBe('102290129340398');
    expect(toBody({ ...cloud, wabaId: '' }, true).wabaId).toBe('');
    expect(toBody({ ...EMPTY_CONNECTION, wabaId: '123456' }, false)).not.toHaveProperty('wabaId');
  });
});
