import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchActivity } from './activity';

// The unit tier runs in Node: a window and a document that are plain event targets are all
// watchActivity touches.
const win = new EventTarget();
const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-07T12:00:00Z') });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  doc.visibilityState = 'visible';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const input = (name = 'keydown') => win.dispatchEvent(new Event(name));

describe('watchActivity', () => {
  it('reports the first input at once, then at most once per throttle', () => {
    const reports: string[] = [];
    const stop = watchActivity((at) => reports.push(at), 30_000);
    input();
    expect(reports).toEqual(['2026-12-07T12:00:00.000Z']);
    vi.advanceTimersByTime(10_000);
    input('pointerdown');
    input('wheel');
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(20_000);
    input('focus');
    expect(reports).toEqual(['2026-12-07T12:00:00.000Z', '2026-12-07T12:00:30.000Z']);
    stop();
  });

  it('counts the tab becoming visible as input, not it becoming hidden', () => {
    const reports: string[] = [];
    const stop = watchActivity((at) => reports.push(at), 30_000);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(reports).toHaveLength(0);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(reports).toHaveLength(1);
    stop();
  });

  it('stops reporting once unwatched', () => {
    const report = vi.fn();
    watchActivity(report, 30_000)();
    input();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(report).not.toHaveBeenCalled();
  });
});
