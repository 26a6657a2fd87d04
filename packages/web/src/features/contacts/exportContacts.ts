import { api } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';
import type { ContactOption } from '@balcao/contracts';
import { contactsCsv, CSV_FILE_NAME } from './csv';

/** Every contact of the company (`GET /contacts/list`), saved by the browser as contatos.csv. */
export async function exportContacts(): Promise<void> {
  const contacts = await api.get<ContactOption[]>('/contacts/list');
  saveFile(new Blob([contactsCsv(contacts)], { type: 'text/csv;charset=utf-8' }), CSV_FILE_NAME);
}
