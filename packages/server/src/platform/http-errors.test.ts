import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerClientError } from './http-errors.js';

/** A socket that records what is written to it. */
function fakeSocket(inFlight?: { headersSent: boolean }) {
  const written: string[] = [];
  const socket = {
    writable: true,
    destroyed: false,
    _httpMessage: inFlight,
    write: (s: string) => written.push(s),
    destroy() {
      this.destroyed = true;
    },
  };
  return { socket: socket as unknown as Duplex & typeof socket, written };
}

const error = (code: string) => Object.assign(new Error(code), { code });

describe('answerClientError', () => {
  it('answers a request that took too long with 408 ERR_REQUEST_TIMEOUT, then closes', () => {
    const { socket, written } = fakeSocket();
    answerClientError(error('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    expect(written).toHaveLength(1);
    const [head, body] = written[0]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(body!)).toEqual({ error: 'ERR_REQUEST_TIMEOUT', message: expect.any(String) });
    expect(socket.destroyed).toBe(true);
  });

  it('writes nothing on a reset connection, or in the middle of an earlier answer', () => {
    const reset = fakeSocket();
    answerClientError(error('ECONNRESET'), reset.socket);
    expect(reset.written).toEqual([]);
    const busy = fakeSocket({ headersSent: true });
    answerClientError(error('HPE_INVALID_METHOD'), busy.socket);
    expect(busy.written).toEqual([]);
    expect(busy.socket.destroyed).toBe(true);
  });
});
