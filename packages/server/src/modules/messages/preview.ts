import type { MediaType } from '@balcao/contracts';

/** The ticket list's one-line preview of a message. */
export function previewOf(type: MediaType, body: string): string {
  if (body.trim()) return body.slice(0, 255);
  const labels: Record<MediaType, string> = {
    chat: '',
    image: '📷 Imagem',
    audio: '🎵 Áudio',
    video: '🎥 Vídeo',
    document: '📄 Documento',
    location: '📍 Localização',
    vcard: '👤 Contato',
    call_log: '📞 Chamada',
    sticker: '🏷️ Figurinha',
  };
  return labels[type];
}
