/** The shortcut sheet (`?`): every shortcut of the table with what it does. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts';

export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="shortcut-sheet-title">
      <DialogTitle id="shortcut-sheet-title">{t('tickets.shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Table size="small" data-testid="shortcut-sheet">
          <TableBody>
            {SHORTCUTS.map((s) => (
              <TableRow key={s.id} data-shortcut={s.id}>
                <TableCell sx={{ width: 64, pl: 0 }}>
                  {s.keys.map((k) => (
                    <Box
                      component="kbd"
                      key={k}
                      sx={{
                        display: 'inline-block',
                        minWidth: 24,
                        px: 0.75,
                        py: 0.25,
                        textAlign: 'center',
                        fontFamily: 'ui-monospace, monospace',
                        fontSize: 13,
                        border: 1,
                        borderColor: 'divider',
                        borderBottomWidth: 2,
                        borderRadius: 1,
                        bgcolor: 'action.hover',
                      }}
                    >
                      {k}
                    </Box>
                  ))}
                </TableCell>
                <TableCell sx={{ pr: 0 }}>{t(`tickets.shortcuts.${s.id}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
