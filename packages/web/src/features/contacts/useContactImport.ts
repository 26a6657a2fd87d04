/**
 * Imports contacts (operations §2, §5: .xlsx only): the sheet is read in the browser
 * (read-excel-file, loaded only when someone imports), its rows go to `POST /contacts/upload`
 * 200 at a time so progress shows, and the answers add up to one result: how many were created
 * and, per row not created, its name and reason. The phone book of the default connection goes
 * through `POST /contacts/import` in one request.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContactUploadResult } from '@balcao/contracts';
import { api } from '../../lib/api';
import { chunks, sheetRows, type Cell } from './sheetRows';
import { importPhoneBook, invalidateContacts } from './useContacts';

export type ImportError = ContactUploadResult['errorBag'][number];

export interface ImportState {
  phase: 'reading' | 'sending' | 'done' | 'failed';
  /** Rows sent so far / rows in the sheet (the phone book: unknown until answered). */
  sent: number;
  total: number;
  created: number;
  errors: ImportError[];
  failure?: unknown;
}

export const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

async function readSheet(file: File): Promise<Cell[][]> {
  // The universal build parses on this thread (no worker to spawn); only the unzip of a large
  // file uses a worker of its own.
  const { readSheet } = await import('read-excel-file/universal');
  return (await readSheet(file)) as Cell[][];
}

export function useContactImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState | null>(null);

  const fromSheet = useCallback(
    async (file: File) => {
      let current: ImportState = { phase: 'reading', sent: 0, total: 0, created: 0, errors: [] };
      const update = (patch: Partial<ImportState>) => setState((current = { ...current, ...patch }));
      setState(current);
      try {
        const rows = sheetRows(await readSheet(file));
        update({ phase: 'sending', total: rows.length });
        for (const part of chunks(rows)) {
          const answer = await api.post<ContactUploadResult>('/contacts/upload', part);
          update({
            sent: current.sent + part.length,
            created: current.created + answer.newContacts.length,
            errors: [...current.errors, ...answer.errorBag],
          });
        }
        update({ phase: 'done' });
      } catch (failure) {
        update({ phase: 'failed', failure });
      } finally {
        void invalidateContacts(queryClient);
      }
    },
    [queryClient],
  );

  const fromPhoneBook = useCallback(async () => {
    setState({ phase: 'sending', sent: 0, total: 0, created: 0, errors: [] });
    try {
      const answer = await importPhoneBook();
      const total = answer.newContacts.length + answer.errorBag.length;
      setState({ phase: 'done', sent: total, total, created: answer.newContacts.length, errors: answer.errorBag });
      void invalidateContacts(queryClient);
    } catch (failure) {
      setState({ phase: 'failed', sent: 0, total: 0, created: 0, errors: [], failure });
    }
  }, [queryClient]);

  return { state, fromSheet, fromPhoneBook, clear: () => setState(null) };
}
