/**
 * The external message API (issue 35, point 8): a connection's token, the endpoint, copyable
 * examples (JSON and a file), the answer, the limits and the errors.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { SelectField } from '../../lib/ui/SelectField';
import { CopyField } from '../connections/TokenField';
import { useConnections } from '../connections/useConnections';
import { CodeBlock } from './CodeBlock';
import { API_ERRORS, curlFile, curlJson, limits, okAnswer, sendUrl } from './examples';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

export default function MessagesApiPage() {
  const { t } = useTranslation();
  const connections = useConnections();
  const list = connections.data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const connection = list.find((c) => c.id === chosen) ?? list.find((c) => c.isDefault) ?? list[0];
  const token = connection?.token || t('messagesApi.tokenPlaceholder');
  const url = sendUrl(window.location.origin);

  return (
    <PageContainer title={t('messagesApi.title')}>
      <Typography color="text.secondary">{t('messagesApi.intro')}</Typography>
      <Section title={t('messagesApi.auth.title')}>
        {connections.isLoading ? (
          <PageLoader />
        ) : !connection ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="messages-api-no-connection">
            <Typography>{t('messagesApi.auth.noConnection')}</Typography>
            <Button component={RouterLink} to="/connections" variant="contained">
              {t('messagesApi.auth.addConnection')}
            </Button>
          </Stack>
        ) : (
          <>
            {list.length > 1 && (
              <SelectField
                name="connection"
                label={t('messagesApi.auth.connection')}
                value={String(connection.id)}
                onChange={(e) => setChosen(Number(e.target.value))}
                options={list.map((c) => ({ value: String(c.id), label: c.name }))}
              />
            )}
            <CopyField
              label={t('messagesApi.auth.token', { name: connection.name })}
              value={connection.token ?? ''}
              helperText={t('messagesApi.auth.tokenHint')}
              testId="messages-api-token"
            />
          </>
        )}
        <CopyField label={t('messagesApi.endpoint')} value={`POST ${url}`} testId="messages-api-endpoint" />
        <Typography variant="body2" color="text.secondary">
          {t('messagesApi.auth.header')}
        </Typography>
      </Section>

      <Section title={t('messagesApi.examples.title')}>
        <Typography variant="subtitle2">{t('messagesApi.examples.json')}</Typography>
        <CodeBlock code={curlJson(url, token)} label={t('messagesApi.examples.json')} testId="messages-api-curl-json" />
        <Typography variant="subtitle2">{t('messagesApi.examples.file')}</Typography>
        <CodeBlock code={curlFile(url, token)} label={t('messagesApi.examples.file')} testId="messages-api-curl-file" />
        <Typography variant="body2" color="text.secondary">
          {t('messagesApi.examples.fields')}
        </Typography>
        <Typography variant="subtitle2">{t('messagesApi.examples.answer')}</Typography>
        <CodeBlock code={okAnswer} label={t('messagesApi.examples.answer')} />
        <Typography variant="body2" color="text.secondary">
          {t('messagesApi.examples.answerText')}
        </Typography>
      </Section>

      <Section title={t('messagesApi.limits.title')}>
        <Typography component="ul" sx={{ m: 0, pl: 3 }} data-testid="messages-api-limits">
          <li>{t('messagesApi.limits.rate', limits)}</li>
          <li>{t('messagesApi.limits.files', limits)}</li>
          <li>{t('messagesApi.limits.body', limits)}</li>
          <li>{t('messagesApi.limits.types')}</li>
          <li>{t('messagesApi.limits.failures', limits)}</li>
        </Typography>
      </Section>

      <Section title={t('messagesApi.errors.title')}>
        <Table size="small" data-testid="messages-api-errors">
          <TableHead>
            <TableRow>
              <TableCell>{t('messagesApi.errors.status')}</TableCell>
              <TableCell>{t('messagesApi.errors.meaning')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {API_ERRORS.map((e) => (
              <TableRow key={e.code}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <strong>{e.status}</strong>
                  <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                    {e.code}
                  </Typography>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>{t(`messagesApi.errors.${e.key}`, limits)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </PageContainer>
  );
}
