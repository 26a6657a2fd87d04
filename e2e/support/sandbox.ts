/**
 * A sandbox connection paired through the simulator's API, as a setup step: the phone reads the
 * QR code the connection shows. A code that rotated between reading and scanning is refused
 * (400 qrMismatch): the phone reads it again.
 */
import type { SandboxState } from '@balcao/contracts';
import { callApi } from './ui.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function connectedSandbox(baseUrl: string, token: string, name: string): Promise<number> {
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(baseUrl, method, path, body, token);
  const { id } = await api<{ id: number }>('POST', '/whatsapp', { name, provider: 'sandbox', isDefault: true });
  const deadline = Date.now() + 30_000;
  let scanned = false;
  for (;;) {
    const state = await api<SandboxState>('GET', `/sandbox/${id}`);
    if (state.status === 'CONNECTED') return id;
    if (Date.now() > deadline) throw new Error(`sandbox ${id} stayed ${state.status}`);
    if (!scanned && state.status === 'qrcode' && state.qrcode) {
      scanned = await api('POST', `/sandbox/${id}/scan`, { qrcode: state.qrcode }).then(
        () => true,
        (err: Error) => {
          if (/qrMismatch/.test(err.message)) return false;
          throw err;
        },
      );
    }
    await pause(100);
  }
}
