/**
 * What the campaign modal picks from (automation §7): contact lists (`GET /contact-lists/list`),
 * tags (`GET /tags/list`), connections (`GET /whatsapp`), file lists (`GET /files`, paged) and
 * the settings' custom variables (for the messages' hint).
 */
import { useQuery } from '@tanstack/react-query';
import type { ContactListOption, FileList, FileListPage } from '@balcao/contracts';
import { api } from '../../lib/api';
import { useConnectionList, useTags } from '../tickets/useReferenceData';
import { useCampaignSettings } from './useCampaignSettings';

/** File lists are few; the picker reads up to this many pages of 20. */
const FILE_LIST_PAGES = 10;

async function allFileLists(signal: AbortSignal): Promise<FileList[]> {
  const files: FileList[] = [];
  for (let pageNumber = 1; pageNumber <= FILE_LIST_PAGES; pageNumber++) {
    const page = await api.get<FileListPage>('/files', { pageNumber }, { signal });
    files.push(...page.files);
    if (!page.hasMore) break;
  }
  return files;
}

export function useCampaignChoices() {
  const contactLists = useQuery({
    queryKey: ['contactLists', 'list'],
    queryFn: ({ signal }) => api.get<ContactListOption[]>('/contact-lists/list', undefined, { signal }),
  });
  const fileLists = useQuery({
    queryKey: ['fileLists', 'all'],
    queryFn: ({ signal }) => allFileLists(signal),
    retry: false,
  });
  const tags = useTags();
  const connections = useConnectionList();
  const settings = useCampaignSettings();
  return {
    contactLists: contactLists.data ?? [],
    fileLists: fileLists.data ?? [],
    tags: tags.data ?? [],
    connections: connections.data ?? [],
    variables: settings.data?.variables ?? [],
    /**
     * The form mounts once every picker has its options (a native select set to a value it does
     * not offer yet would lose it); a list that fails leaves its picker empty.
     */
    loading: [contactLists, fileLists, tags, connections, settings].some((q) => q.isLoading),
  };
}
