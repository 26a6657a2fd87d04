import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FILE_LIST_FILES_FIELD, type FileList, type FileListBody, type FileListPage } from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

/**
 * The page: `GET /files?searchParam=&pageNumber=` → `{files, count, hasMore}`, kept in step with
 * `company-{id}-file` (lists are by name: a new one reads them again).
 */
export const fileListsList: PagedListSpec<FileListPage, 'files', 'file'> = {
  key: ['fileLists', 'paged'],
  path: '/files',
  rowsKey: 'files',
  topic: 'file',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.id } : { type: 'upsert', row: e.record }),
  newRows: 'refetch',
};

/** `POST /files` or `PUT /files/{id}` (options as a whole). */
export function useSaveFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FileListBody }) =>
      id ? api.put<FileList>(`/files/${id}`, body) : api.post<FileList>('/files', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fileLists'] }),
  });
}

/** `POST /files/uploadList/{id}`: each file after the `fileId` of its option, with the upload's progress. */
export function uploadOptionFiles(
  fileListId: number,
  files: Array<{ optionId: number; file: File }>,
  onProgress: (fraction: number) => void,
) {
  const form = new FormData();
  for (const { optionId, file } of files) {
    form.append('fileId', String(optionId));
    form.append(FILE_LIST_FILES_FIELD, file, file.name);
  }
  return api.post<FileList>(`/files/uploadList/${fileListId}`, form, { onUploadProgress: onProgress });
}

export const useDeleteFileList = () => useDeleteRow(fileListsList);
