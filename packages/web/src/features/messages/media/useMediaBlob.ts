/**
 * A message's file as an object URL. Media are private: an <img> or <audio> cannot send the
 * session's token, so the file is fetched with it and shown from memory. Only an address the
 * server gave (an `/api/…` path or a URL) is fetched; a bare storage key is not an address.
 */
import { useEffect, useState } from 'react';
import { session } from '../../../lib/session';

export const isFetchable = (url: string | null | undefined): url is string =>
  Boolean(url && (url.startsWith('/') || /^https?:\/\//.test(url)));

export type MediaState = { status: 'loading' | 'missing' | 'failed' } | { status: 'ready'; src: string };

export function useMediaBlob(url: string | null | undefined): MediaState {
  const [state, setState] = useState<MediaState>(() => ({ status: isFetchable(url) ? 'loading' : 'missing' }));
  useEffect(() => {
    if (!isFetchable(url)) {
      setState({ status: 'missing' });
      return;
    }
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const sameOrigin = url.startsWith('/');
    setState({ status: 'loading' });
    fetch(url, {
      headers: sameOrigin ? { Authorization: `Bearer ${session.getToken() ?? ''}` } : undefined,
      credentials: sameOrigin ? 'include' : 'omit',
      signal: controller.signal,
    })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** The file's bytes (a quick answer's attachment, sent as a new message). */
export async function fetchMediaFile(url: string, name: string): Promise<File> {
  const sameOrigin = url.startsWith('/');
  const res = await fetch(url, {
    headers: sameOrigin ? { Authorization: `Bearer ${session.getToken() ?? ''}` } : undefined,
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  return new File([blob], name, { type: blob.type });
}
