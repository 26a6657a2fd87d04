import { describe, expect, it } from 'vitest';
import { memorySettings } from './embedded.js';

const GB = 2 ** 30;

describe('memorySettings (the embedded PostgreSQL takes its share of the machine)', () => {
  it('gives the buffers a quarter of the memory and counts three quarters as cache', () => {
    expect(memorySettings(16 * GB)).toEqual({ shared_buffers: '4096MB', effective_cache_size: '12288MB' });
  });

  it("keeps PostgreSQL's 128 MB on a small machine and stops at 8 GB on a large one", () => {
    expect(memorySettings(0.25 * GB)).toEqual({ shared_buffers: '128MB', effective_cache_size: '192MB' });
    expect(memorySettings(128 * GB)).toEqual({ shared_buffers: '8192MB', effective_cache_size: '98304MB' });
  });
});
