/**
 * Every route of the app (foundation §2). Each page is its own chunk (React.lazy), so the login
 * page loads only what it needs.
 */
import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PlanFeature } from '@balcao/contracts';
import { Gate, PublicOnly, RequireAuth } from './guards';
import { access, type Rule } from './access';

const LoginPage = lazy(() => import('../../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../../features/auth/SignupPage'));
const ForgetPasswordPage = lazy(() => import('../../features/auth/ForgetPasswordPage'));
const PrivateLayout = lazy(() => import('../layout/PrivateLayout'));
const TodoListPage = lazy(() => import('../../features/todolist/TodoListPage'));
const HelpsPage = lazy(() => import('../../features/helps/HelpsPage'));
const UsersPage = lazy(() => import('../../features/users/UsersPage'));
const SettingsPage = lazy(() => import('../../features/settings/SettingsPage'));
const ConnectionsPage = lazy(() => import('../../features/connections/ConnectionsPage'));
const SimulatorPage = lazy(() => import('../../features/connections/simulator/SimulatorPage'));
const ContactsPage = lazy(() => import('../../features/contacts/ContactsPage'));
const TicketsPage = lazy(() => import('../../features/tickets/TicketsPage'));
const QueuesPage = lazy(() => import('../../features/queues/QueuesPage'));
const TagsPage = lazy(() => import('../../features/tags/TagsPage'));
const KanbanPage = lazy(() => import('../../features/kanban/KanbanPage'));
const QuickMessagesPage = lazy(() => import('../../features/quick-messages/QuickMessagesPage'));
const SchedulesPage = lazy(() => import('../../features/schedules/SchedulesPage'));
const ContactListsPage = lazy(() => import('../../features/contact-lists/ContactListsPage'));
const ContactListItemsPage = lazy(() => import('../../features/contact-lists/ContactListItemsPage'));
const CampaignsPage = lazy(() => import('../../features/campaigns/CampaignsPage'));
const CampaignReportPage = lazy(() => import('../../features/campaigns/CampaignReportPage'));
const CampaignSettingsPage = lazy(() => import('../../features/campaigns/CampaignSettingsPage'));
const FileListsPage = lazy(() => import('../../features/file-lists/FileListsPage'));
const FlowsPage = lazy(() => import('../../features/flows/FlowsPage'));
const FlowEditorPage = lazy(() => import('../../features/flows/editor/FlowEditorPage'));
const FlowCampaignsPage = lazy(() => import('../../features/flow-campaigns/FlowCampaignsPage'));
const PromptsPage = lazy(() => import('../../features/prompts/PromptsPage'));
const QueueIntegrationsPage = lazy(() => import('../../features/queue-integrations/QueueIntegrationsPage'));
const ChatsPage = lazy(() => import('../../features/chats/ChatsPage'));
const AnnouncementsPage = lazy(() => import('../../features/announcements/AnnouncementsPage'));
const DashboardPage = lazy(() => import('../../features/dashboard/DashboardPage'));
const AttendanceReportPage = lazy(() => import('../../features/reports/AttendanceReportPage'));
const InvoicesPage = lazy(() => import('../../features/invoices/InvoicesPage'));
const SubscriptionPage = lazy(() => import('../../features/subscription/SubscriptionPage'));
const MessagesApiPage = lazy(() => import('../../features/messages-api/MessagesApiPage'));

const gated = (rule: Rule, page: ReactNode, silent = false) => (
  <Gate rule={rule} silent={silent}>
    {page}
  </Gate>
);
/** A plan feature's page: an admin whose plan lacks it is told so and sent to / (automation §8). */
const planGated = (rule: Rule, plan: PlanFeature, page: ReactNode) => (
  <Gate rule={rule} plan={plan}>
    {page}
  </Gate>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgetPasswordPage />} />
        <Route path="/forgetpassword" element={<ForgetPasswordPage />} />
      </Route>

      <Route
        element={
          <RequireAuth>
            <PrivateLayout />
          </RequireAuth>
        }
      >
        {/* / is the admins' dashboard; a user goes silently to their tickets (guards.tsx). */}
        <Route index element={gated(access.dashboard, <DashboardPage />, true)} />
        <Route path="reports" element={gated(access.dashboard, <AttendanceReportPage />)} />
        <Route path="tickets/:ticketId?" element={<TicketsPage />} />
        <Route path="kanban" element={gated(access.kanban, <KanbanPage />)} />
        <Route path="quick-messages" element={<QuickMessagesPage />} />
        <Route path="todolist" element={<TodoListPage />} />
        <Route path="contacts" element={<ContactsPage />} />
        <Route path="schedules" element={gated(access.schedules, <SchedulesPage />)} />
        <Route path="tags" element={<TagsPage />} />
        <Route path="chats/:id?" element={planGated(access.chats, 'useInternalChat', <ChatsPage />)} />
        <Route path="helps" element={<HelpsPage />} />
        {/* The page itself turns a non-super user away as the spec words it (toast, / after 1 s). */}
        <Route path="announcements" element={<AnnouncementsPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />

        <Route path="campaigns" element={gated(access.campaigns, <CampaignsPage />)} />
        <Route path="campaign/:campaignId/report" element={gated(access.campaigns, <CampaignReportPage />)} />
        <Route path="contact-lists" element={gated(access.campaigns, <ContactListsPage />)} />
        <Route
          path="contact-lists/:contactListId/contacts"
          element={gated(access.campaigns, <ContactListItemsPage />)}
        />
        <Route path="campaigns-config" element={gated(access.campaigns, <CampaignSettingsPage />)} />
        <Route path="phrase-lists" element={gated(access.flows, <FlowCampaignsPage />)} />
        <Route path="flowbuilders" element={gated(access.flows, <FlowsPage />)} />
        <Route path="flowbuilder/:id?" element={gated(access.flows, <FlowEditorPage />)} />
        <Route path="prompts" element={planGated(access.prompts, 'useOpenAi', <PromptsPage />)} />
        <Route
          path="queue-integration"
          element={planGated(access.integrations, 'useIntegrations', <QueueIntegrationsPage />)}
        />
        <Route path="connections" element={gated(access.admin, <ConnectionsPage />)} />
        <Route path="connections/:id/simulator" element={gated(access.admin, <SimulatorPage />)} />
        <Route path="files" element={gated(access.admin, <FileListsPage />)} />
        <Route path="queues" element={gated(access.admin, <QueuesPage />)} />
        <Route path="users" element={gated(access.users, <UsersPage />)} />
        <Route path="messages-api" element={gated(access.externalApi, <MessagesApiPage />)} />
        <Route path="financeiro" element={gated(access.billing, <InvoicesPage />)} />
        <Route path="settings" element={gated(access.settings, <SettingsPage />)} />
      </Route>

      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
