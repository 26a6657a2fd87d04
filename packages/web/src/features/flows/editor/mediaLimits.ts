/** What each media dialog takes (automation §5); the server checks again. */
export type MediaKind = 'img' | 'audio' | 'video';

export const MEDIA_LIMITS: Record<MediaKind, { maxMb: number; extensions: string[] }> = {
  img: { maxMb: 2, extensions: ['png', 'jpg', 'jpeg'] },
  audio: { maxMb: 5, extensions: ['ogg', 'mp3'] },
  video: { maxMb: 20, extensions: ['mp4'] },
};

/** Content cards also take voice notes as .opus (sent as Ogg). */
export const extensionsOf = (kind: MediaKind, inContent: boolean) =>
  kind === 'audio' && inContent ? [...MEDIA_LIMITS.audio.extensions, 'opus'] : MEDIA_LIMITS[kind].extensions;

export const acceptOf = (kind: MediaKind, inContent = false) =>
  extensionsOf(kind, inContent)
    .map((e) => `.${e}`)
    .join(',');

export type MediaCheck = { ok: true } | { ok: false; error: 'tooLarge'; maxMb: number } | { ok: false; error: 'type' };

export function checkMedia(file: File, kind: MediaKind, inContent = false): MediaCheck {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!extensionsOf(kind, inContent).includes(ext)) return { ok: false, error: 'type' };
  const { maxMb } = MEDIA_LIMITS[kind];
  if (file.size > maxMb * 1024 * 1024) return { ok: false, error: 'tooLarge', maxMb };
  return { ok: true };
}
