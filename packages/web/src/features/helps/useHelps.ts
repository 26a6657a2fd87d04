import { useQuery } from '@tanstack/react-query';
import type { Help, HelpBody } from '@balcao/contracts';
import { api } from '../../lib/api';
import { makeCrud } from '../../lib/crud';

/** `GET /helps/list` (bare array), `POST /helps`, `PUT|DELETE /helps/{id}`. */
export const helpsCrud = makeCrud<Help, HelpBody>('helps', '/helps/list', '/helps');

export function useHelps() {
  return useQuery({ queryKey: helpsCrud.queryKey, queryFn: () => api.get<Help[]>('/helps/list') });
}

/** YouTube thumbnail and embed addresses of a video code (codes are [A-Za-z0-9_-] only). */
export const thumbnailUrl = (video: string) => `https://img.youtube.com/vi/${encodeURIComponent(video)}/0.jpg`;
export const embedUrl = (video: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video)}?autoplay=1&rel=0`;
