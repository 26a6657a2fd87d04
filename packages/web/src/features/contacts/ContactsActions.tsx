import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import { useTranslation } from 'react-i18next';

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
      <TextField
        size="small"
        type="search"
        name="searchParam"
        placeholder={t('common.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        data-testid="contacts-search"
        sx={{ flexGrow: 1, minWidth: 180 }}
        slotProps={{
          htmlInput: { 'aria-label': t('common.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
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
