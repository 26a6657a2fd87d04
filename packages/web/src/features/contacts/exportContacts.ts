import { api } from '../../lib/api';
import type { ContactOption } from '@balcao/contracts';
import { contactsCsv, CSV_FILE_NAME } from './csv';

/** Every contact of the company (`GET /contacts/list`), saved by the browser as contatos.csv. */
export async function exportContacts(): Promise<void> {
  const contacts = await api.get<ContactOption[]>('/contacts/list');
  const url = URL.createObjectURL(new Blob([contactsCsv(contacts)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CSV_FILE_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
