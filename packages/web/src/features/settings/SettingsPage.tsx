import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { isSuper } from '../../lib/permissions';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { settingValue, useSettings } from './useSettings';

const CompaniesTab = lazy(() => import('../companies/CompaniesTab'));
const PlansTab = lazy(() => import('../plans/PlansTab'));
const HelpsAdminTab = lazy(() => import('../helps/HelpsAdminTab'));
const ImportTab = lazy(() => import('../imports/ImportTab'));

type TabId = 'options' | 'schedules' | 'companies' | 'plans' | 'helps' | 'import';

/** Settings (foundation §2): options always; schedules when scheduleType is company; operator tabs for super users. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();

  const tabs: TabId[] = ['options'];
  if (settingValue(settings.data, 'scheduleType') === 'company') tabs.push('schedules');
  if (isSuper(user)) tabs.push('companies', 'plans', 'helps', 'import');
  const requested = params.get('tab') as TabId | null;
  const tab: TabId = requested && tabs.includes(requested) ? requested : 'options';

  return (
    <PageContainer title={t('settings.title')}>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: TabId) => setParams(v === 'options' ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((id) => (
            <Tab key={id} value={id} label={t(`settings.tabs.${id}`)} data-testid={`settings-tab-${id}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Suspense fallback={<PageLoader />}>
            {tab === 'options' &&
              (settings.isLoading ? (
                <PageLoader />
              ) : settings.isError ? (
                <ErrorState onRetry={() => void settings.refetch()} />
              ) : (
                <OptionsTab settings={settings.data ?? []} />
              ))}
            {tab === 'schedules' && <SchedulesTab />}
            {tab === 'companies' && <CompaniesTab />}
            {tab === 'plans' && <PlansTab />}
            {tab === 'helps' && <HelpsAdminTab />}
            {tab === 'import' && <ImportTab />}
          </Suspense>
        </Box>
      </Paper>
    </PageContainer>
  );
}
