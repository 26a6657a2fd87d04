/**
 * Imports contacts (operations §2, §5: .xlsx only): the sheet is read in the browser
 * (read-excel-file, loaded only when someone imports) and previewed through
 * `POST /contacts/upload/preview` (how numbers will be stored, how many rows will be refused);
 * once confirmed its rows go to `POST /contacts/upload` 200 at a time so progress shows, and the answers add up to one result: how many were created and, per
 * row not created, its name and reason. The phone book of the default connection goes through
 * `POST /contacts/import` in one request.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_CONTACT_UPLOAD_ROWS,
  type ContactUploadPreview,
  type ContactUploadResult,
  type ContactUploadRow,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import { previewImport, type ImportPreview } from './importPreview';
import { chunks, sheetRows, type Cell } from './sheetRows';
import { importPhoneBook, invalidateContacts } from './useContacts';

export type ImportError = ContactUploadResult['errorBag'][number];

export interface ImportState {
  phase: 'reading' | 'preview' | 'sending' | 'done' | 'failed';
  /** The sheet's rows and what they will become, while the admin decides. */
  preview?: ImportPreview;
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
  const [rows, setRows] = useState<ContactUploadRow[]>([]);

  const fromSheet = useCallback(async (file: File) => {
    setState({ phase: 'reading', sent: 0, total: 0, created: 0, errors: [] });
    try {
      const read = sheetRows(await readSheet(file));
      // The server reads the rows as the upload will (numbers in the company's country).
      const answers: ContactUploadPreview['rows'] = [];
      for (const part of chunks(read, MAX_CONTACT_UPLOAD_ROWS)) {
        answers.push(...(await api.post<ContactUploadPreview>('/contacts/upload/preview', part)).rows);
      }
      setRows(read);
      setState({
        phase: 'preview',
        preview: previewImport(read, answers),
        sent: 0,
        total: read.length,
        created: 0,
        errors: [],
      });
    } catch (failure) {
      setState({ phase: 'failed', sent: 0, total: 0, created: 0, errors: [], failure });
    }
  }, []);

  /** The previewed rows are sent. */
  const confirm = useCallback(async () => {
    let current: ImportState = { phase: 'sending', sent: 0, total: rows.length, created: 0, errors: [] };
    const update = (patch: Partial<ImportState>) => setState((current = { ...current, ...patch }));
    setState(current);
    try {
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
      setRows([]);
      void invalidateContacts(queryClient);
    }
  }, [queryClient, rows]);

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

  const clear = () => {
    setRows([]);
    setState(null);
  };

  return { state, fromSheet, confirm, fromPhoneBook, clear };
}
