import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMPORT_COUNTS, type ImportView } from '@balcao/contracts';
import { api } from '../../lib/api';
import { toastError } from '../../lib/toast';

/**
 * Operators import an Atendechat (Whaticket SaaS) database (settings, import tab): the source's
 * address, a dry run first, then the report per company as the import goes (read every second).
 */
export default function ImportTab() {
  const { t } = useTranslation();
  const [databaseUrl, setDatabaseUrl] = useState('');
  const [mediaDir, setMediaDir] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const [id, setId] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: () =>
      api.post<{ id: string }>('/imports/atendechat', { databaseUrl, dryRun, mediaDir: mediaDir || undefined }),
    onSuccess: (r) => setId(r.id),
    onError: toastError,
  });
  const view = useQuery({
    queryKey: ['imports', id],
    queryFn: () => api.get<ImportView>(`/imports/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 1000 : false),
  });
  const running = start.isPending || view.data?.status === 'running';
  const report = view.data?.report;

  return (
    <Stack spacing={2} data-testid="import-tab">
      <Typography variant="body2">{t('imports.intro')}</Typography>
      <TextField
        label={t('imports.fields.databaseUrl')}
        value={databaseUrl}
        onChange={(e) => setDatabaseUrl(e.target.value)}
        placeholder="postgres://user:password@host:5432/atendechat"
        slotProps={{ htmlInput: { 'data-testid': 'import-database-url' } }}
      />
      <TextField
        label={t('imports.fields.mediaDir')}
        value={mediaDir}
        onChange={(e) => setMediaDir(e.target.value)}
        helperText={t('imports.fields.mediaDirHelp')}
      />
      <FormControlLabel
        control={
          <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} data-testid="import-dry-run" />
        }
        label={t('imports.fields.dryRun')}
      />
      <div>
        <Button
          variant="contained"
          disabled={running || !databaseUrl}
          onClick={() => start.mutate()}
          data-testid="import-start"
        >
          {dryRun ? t('imports.actions.dryRun') : t('imports.actions.import')}
        </Button>
      </div>
      {running && <LinearProgress />}
      {view.data && (
        <Alert severity={view.data.status === 'failed' ? 'error' : view.data.status === 'done' ? 'success' : 'info'}>
          {t(`imports.status.${view.data.status}`)}
          {view.data.dryRun ? ` — ${t('imports.dryRunNote')}` : ''}
        </Alert>
      )}
      {report && (
        <Table size="small" data-testid="import-report">
          <TableHead>
            <TableRow>
              <TableCell>{t('imports.report.what')}</TableCell>
              <TableCell align="right">{t('imports.report.total')}</TableCell>
              {report.perCompany.map((c) => (
                <TableCell key={c.sourceId} align="right">
                  {c.name || `#${c.sourceId}`} {c.status === 'failed' ? `(${t('imports.status.failed')})` : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {IMPORT_COUNTS.map((k) => (
              <TableRow key={k}>
                <TableCell>{t(`imports.counts.${k}`)}</TableCell>
                <TableCell align="right">{report[k]}</TableCell>
                {report.perCompany.map((c) => (
                  <TableCell key={c.sourceId} align="right">
                    {c.counts[k]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {view.data && view.data.errors.length > 0 && (
        <Stack spacing={0.5} data-testid="import-errors">
          <Typography variant="subtitle2">{t('imports.problems')}</Typography>
          {view.data.errors.map((e, i) => (
            <Typography key={i} variant="body2">
              {[e.companyId !== null ? `#${e.companyId}` : null, e.entity, e.sourceId, e.reason]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
