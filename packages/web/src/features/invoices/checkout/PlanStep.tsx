import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Invoice, Plan } from '@balcao/contracts';
import { formatBRL } from '../../../lib/money';

/**
 * Step 2, the plan: the company's plan, which the invoice was issued for (its value is the
 * invoice's; the server charges that whatever is picked). Picking it moves on (foundation §2).
 */
export function PlanStep({ invoice, plan, onPick }: { invoice: Invoice; plan?: Plan; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 320 }} data-testid="checkout-plan">
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {t('invoices.checkout.yourPlan')}
          </Typography>
          <Typography variant="h6">{plan?.name ?? invoice.detail}</Typography>
          <Typography variant="h4" color="primary" sx={{ my: 1, fontWeight: 600 }}>
            {formatBRL(invoice.value)}
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              {t('invoices.checkout.perPeriod')}
            </Typography>
          </Typography>
          {plan && (
            <Typography variant="body2" color="text.secondary">
              {t('invoices.checkout.planLimits', {
                users: plan.users,
                connections: plan.connections,
                queues: plan.queues,
              })}
            </Typography>
          )}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button fullWidth variant="contained" onClick={onPick} data-testid="checkout-pick-plan">
            {t('invoices.checkout.pickPlan')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}
