/**
 * What an import will do, shown before anything is written: the server reads each row as the
 * upload will (`POST /contacts/upload/preview`: the phone-number rules live on the server only),
 * and this adds its answers up: how many rows are ready or will be refused, and the first rows
 * with their numbers as typed and as they will be stored ("(11) 94444-3333" → +5511944443333).
 * Numbers already in the company are found by the upload itself.
 */
import type { ContactUploadPreview, ContactUploadRow } from '@balcao/contracts';

/** Rows shown as examples. */
const SAMPLE_ROWS = 5;

export interface ImportPreview {
  total: number;
  ready: number;
  refused: number;
  sample: Array<{ name: string; typed: string; stored: string | null; error: string | null }>;
}

const cellText = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function previewImport(
  rows: readonly ContactUploadRow[],
  answers: readonly ContactUploadPreview['rows'][number][],
): ImportPreview {
  const ready = answers.filter((a) => a.number !== null).length;
  return {
    total: rows.length,
    ready,
    refused: answers.length - ready,
    sample: rows.slice(0, SAMPLE_ROWS).map((row, i) => ({
      name: cellText(row.name),
      typed: cellText(row.number),
      stored: answers[i]?.number ?? null,
      error: answers[i]?.error ?? null,
    })),
  };
}
