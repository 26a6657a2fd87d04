/**
 * The sandbox simulator (admins): plays the customers of a sandbox connection — pairs the
 * connection by scanning its QR code, writes as any number (text or a file), and shows the
 * replies with their ticks as the customer's phone sees them.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../lib/ui/ErrorState';
import { PageContainer } from '../../../lib/ui/PageContainer';
import { PageLoader } from '../../../lib/ui/PageLoader';
import { ChatPanel } from './ChatPanel';
import { CustomerList } from './CustomerList';
import { PairingPanel } from './PairingPanel';
import { useSandbox } from './useSimulator';

export default function SimulatorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [number, setNumber] = useState<string | null>(null);
  const { state, customers, chat } = useSandbox(id, number);

  const back = (
    <Button component={RouterLink} to="/connections" startIcon={<ArrowBackIcon />} data-testid="simulator-back">
      {t('simulator.back')}
    </Button>
  );
  const title = state.data ? t('simulator.titleOf', { name: state.data.name }) : t('simulator.title');

  return (
    <PageContainer title={title} actions={back}>
      {state.isLoading ? (
        <PageLoader />
      ) : !state.data ? (
        <ErrorState text={t('simulator.notFound')} onRetry={() => void state.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2}>
            <PairingPanel state={state.data} />
            <CustomerList whatsappId={id} customers={customers} selected={number} onSelect={setNumber} />
          </Stack>
          <ChatPanel
            whatsappId={id}
            connected={state.data.status === 'CONNECTED'}
            number={number}
            customer={customers.data?.find((c) => c.number === number)}
            chat={chat}
          />
        </Box>
      )}
    </PageContainer>
  );
}
