import type { ContactUploadPreview, ContactUploadRow } from '@balcao/contracts';
import { readContactRow } from './read-contact-row.js';

/**
 * `POST /contacts/upload/preview`: each row as the upload would read it (the number it would
 * store, or why the row would be refused), in order, writing nothing. Numbers already in the
 * company are not looked up: the upload reports those.
 */
export function previewUpload(rows: ContactUploadRow[]): ContactUploadPreview {
  return {
    rows: rows.map((row) => {
      const read = readContactRow(row);
      return read.ok ? { number: read.contact.number, error: null } : { number: null, error: read.error };
    }),
  };
}
