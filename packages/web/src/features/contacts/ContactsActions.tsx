import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../lib/ui/SearchField';

interface Props {
  search: string;
  onSearch: (text: string) => void;
  onImportSheet: (file: File) => void;
  onImportPhoneBook: () => void;
  onExport: () => void;
  exporting: boolean;
  onAdd: () => void;
}

/** The contacts page's top row: search, import (sheet or phone book), CSV export, add. */
export function ContactsActions({
  search,
  onSearch,
  onImportSheet,
  onImportPhoneBook,
  onExport,
  exporting,
  onAdd,
}: Props) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <>
      <SearchField value={search} onChange={onSearch} testId="contacts-search" />
      <Button
        variant="outlined"
        startIcon={<UploadIcon />}
        onClick={(e) => setMenu(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="contacts-import"
      >
        {t('contacts.import.button')}
      </Button>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            fileInput.current?.click();
          }}
          data-testid="contacts-import-sheet"
        >
          <ListItemIcon>
            <TableIcon fontSize="small" />
          </ListItemIcon>
          {t('contacts.import.fromSheet')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onImportPhoneBook();
          }}
          data-testid="contacts-import-phonebook"
        >
          <ListItemIcon>
            <ContactPhoneIcon fontSize="small" />
          </ListItemIcon>
          {t('contacts.import.fromPhoneBook')}
        </MenuItem>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="contacts-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be chosen again
          if (file) onImportSheet(file);
        }}
      />
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        onClick={onExport}
        disabled={exporting}
        data-testid="contacts-export"
      >
        {t('contacts.export')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd} data-testid="contact-add">
        {t('contacts.add')}
      </Button>
    </>
  );
}
