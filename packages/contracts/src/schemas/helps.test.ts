import { describe, expect, it } from 'vitest';
import { helpBody } from './helps.js';

const video = (v: string) => helpBody.safeParse({ title: 'Primeiros passos', video: v });

describe('helpBody.video', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42',
    'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc123',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    '  https://youtu.be/dQw4w9WgXcQ  ',
    'dQw4w9WgXcQ',
  ])('reads %s down to the id', (typed) => {
    const parsed = video(typed);
    expect(parsed.success && parsed.data.video).toBe('dQw4w9WgXcQ');
  });

  it.each(['https://vimeo.com/123456', 'https://evil.example/watch?v=dQw4w9WgXcQ', '<script>', 'a b'])(
    'refuses %s',
    (typed) => {
      const parsed = video(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('invalidVideo');
    },
  );

  it('keeps a blank video blank', () => {
    expect(helpBody.parse({ title: 'Texto' }).video).toBe('');
  });
});
