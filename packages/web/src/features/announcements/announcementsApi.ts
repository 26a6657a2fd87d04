/**
 * Announcements (operations §2): the paged list of the super users' page, the active ones of the
 * top bar's pop-over, and what their realtime events mean for both. The server decides who hears
 * what: an inactive announcement reaches super users only, everyone else hears it deleted.
 */
import type { Announcement, AnnouncementPage } from '@balcao/contracts';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

export const announcementsKey = ['announcements'] as const;
/** The pop-over's query: the first page of what the caller may see. */
export const activeAnnouncementsKey = [...announcementsKey, 'active'] as const;

export const announcementsList: PagedListSpec<AnnouncementPage, 'records', 'announcement'> = {
  key: [...announcementsKey, 'paged'],
  path: '/announcements',
  rowsKey: 'records',
  topic: 'announcement',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.id } : { type: 'upsert', row: e.record }),
  newRows: 'refetch',
};

export const useDeleteAnnouncement = () => useDeleteRow(announcementsList);

/** The image is private: the web fetches it with the session's token (useMediaBlob). */
export const mediaUrlOf = (a: Announcement) => (a.mediaPath ? `/api/announcements/${a.id}/media` : null);

/** Operations §9: priority 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLOURS: Record<number, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#9e9e9e' };
export const priorityColour = (priority: number) => PRIORITY_COLOURS[priority] ?? PRIORITY_COLOURS[3]!;

/** The image's multipart body (field `file`), its name's spaces as underscores. */
export function uploadForm(file: File): FormData {
  const form = new FormData();
  const name = file.name.replace(/\s/g, '_');
  form.append('file', name === file.name ? file : new File([file], name, { type: file.type }));
  return form;
}
