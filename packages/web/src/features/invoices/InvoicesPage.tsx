/**
 * Invoices (foundation §2, /financeiro): id, details, value in BRL, due date, status, and the
 * action — pay, or paid. Expired unpaid rows are tinted. Infinite scroll (within 100 px of the
 * bottom, the list kit's). Paying opens the checkout; a payment heard on `company-{id}-payment`
 * reads the list again. `?pay=open` (the top bar's expiry chip) opens the checkout of the oldest
 * unpaid invoice as soon as the list arrives.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import PixIcon from '@mui/icons-material/Pix';
import CheckIcon from '@mui/icons-material/Check';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@balcao/contracts';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { usePagedRows } from '../../lib/list/usePagedList';
import { formatBRL } from '../../lib/money';
import { formatDate } from '../../lib/dates';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { STATUS_COLOUR } from './invoiceStatus';
import { invoicePageOf, type InvoicePage } from './billingCalls';

const CheckoutDialog = lazy(() => import('./checkout/CheckoutDialog'));

export const INVOICES_KEY = ['invoices'] as const;
const spec = { key: INVOICES_KEY, rowsKey: 'invoices' as const, path: '/invoices/all', toPage: invoicePageOf };

export default function InvoicesPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const qc = useQueryClient();
  const list = usePagedRows<InvoicePage, 'invoices'>(spec);
  const [paying, setPaying] = useState<Invoice | null>(null);
  useCompanyEvent('payment', () => void qc.invalidateQueries({ queryKey: INVOICES_KEY }));
  const [params, setParams] = useSearchParams();
  const unpaid = list.table.rows.filter((r) => r.status !== 'paid').at(-1);
  useEffect(() => {
    if (params.get('pay') !== 'open' || !unpaid) return;
    setPaying(unpaid);
    setParams({}, { replace: true });
  }, [params, setParams, unpaid]);
  const tint = alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.22 : 0.1);

  return (
    <PageContainer
      title={t('invoices.title')}
      actions={<SearchField value={list.search} onChange={list.setSearch} testId="invoices-search" />}
    >
      <InfiniteTable
        {...list.table}
        testId="invoices-table"
        emptyText={list.search ? t('invoices.noMatch') : t('invoices.empty')}
        rowProps={(row) => ({
          'data-testid': 'invoice-row',
          'data-invoice-id': row.id,
          'data-status': row.status,
          sx: row.status === 'expired' ? { bgcolor: tint } : undefined,
        })}
        columns={[
          { label: t('invoices.table.id'), hideBelow: 'sm', cell: (row) => row.id },
          {
            label: t('invoices.table.detail'),
            hideBelow: 'sm',
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (row) => row.detail,
          },
          {
            label: t('invoices.table.value'),
            align: 'right',
            sx: { whiteSpace: 'nowrap' },
            testId: 'invoice-value',
            cell: (row) => formatBRL(row.value),
          },
          {
            label: t('invoices.table.dueDate'),
            sx: { whiteSpace: 'nowrap' },
            testId: 'invoice-due',
            cell: (row) => formatDate(row.dueDate),
          },
          {
            label: t('invoices.table.status'),
            testId: 'invoice-status',
            cell: (row) => (
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOUR[row.status]}
                label={t(`invoices.status.${row.status}`)}
              />
            ),
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) =>
              row.status === 'paid' ? (
                <Chip
                  size="small"
                  color="success"
                  icon={<CheckIcon />}
                  label={t('invoices.paid')}
                  data-testid="invoice-paid"
                />
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  startIcon={<PixIcon />}
                  onClick={() => setPaying(row)}
                  data-testid="invoice-pay"
                >
                  {t('invoices.pay')}
                </Button>
              ),
          },
        ]}
      />
      {paying && (
        <Suspense fallback={null}>
          <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </PageContainer>
  );
}
