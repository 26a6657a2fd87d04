/**
 * The side menu, exactly as foundation §2 lists it. `testId` is `menu-<route without the slash>`
 * (`menu-dashboard` for /), which browser tests use to assert the visible set.
 */
import type { ComponentType } from 'react';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import FlashOnIcon from '@mui/icons-material/FlashOnOutlined';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import AnnouncementIcon from '@mui/icons-material/AnnouncementOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import ListIcon from '@mui/icons-material/ListAlt';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import AccountTreeIcon from '@mui/icons-material/AccountTreeOutlined';
import ShapeLineIcon from '@mui/icons-material/ShapeLineOutlined';
import ChatBubbleIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import DeviceHubIcon from '@mui/icons-material/DeviceHubOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import AccountTreeQueuesIcon from '@mui/icons-material/LowPriority';
import PeopleAltIcon from '@mui/icons-material/PeopleAltOutlined';
import CodeIcon from '@mui/icons-material/Code';
import LocalAtmIcon from '@mui/icons-material/LocalAtmOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { access, type Rule } from '../routing/access';

export interface MenuItemDef {
  kind: 'item';
  route: string;
  testId: string;
  labelKey: string;
  icon: ComponentType;
  visible: Rule;
  /** Shows the connection-warning badge. */
  connectionsBadge?: boolean;
}
export interface MenuGroupDef {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: ComponentType;
  visible: Rule;
  items: MenuItemDef[];
}
export type MenuEntry = MenuItemDef | MenuGroupDef;

const item = (
  route: string,
  labelKey: string,
  icon: ComponentType,
  visible: Rule,
  extra: Partial<MenuItemDef> = {},
): MenuItemDef => ({
  kind: 'item',
  route,
  testId: `menu-${route === '/' ? 'dashboard' : route.slice(1)}`,
  labelKey,
  icon,
  visible,
  ...extra,
});

export const MAIN_MENU: MenuEntry[] = [
  item('/', 'menu.dashboard', DashboardIcon, access.dashboard),
  // The attendance report (issue 36), for the dashboard's readers.
  item('/reports', 'menu.reports', AssessmentIcon, access.dashboard),
  item('/tickets', 'menu.tickets', WhatsAppIcon, access.everyone),
  item('/kanban', 'menu.kanban', ViewKanbanIcon, access.kanban),
  item('/quick-messages', 'menu.quickMessages', FlashOnIcon, access.everyone),
  item('/todolist', 'menu.todolist', ChecklistIcon, access.everyone),
  item('/contacts', 'menu.contacts', ContactPhoneIcon, access.everyone),
  item('/schedules', 'menu.schedules', EventIcon, access.schedules),
  item('/tags', 'menu.tags', LocalOfferIcon, access.everyone),
  item('/chats', 'menu.chats', ForumIcon, access.chats),
  item('/helps', 'menu.helps', HelpIcon, access.everyone),
  item('/announcements', 'menu.announcements', AnnouncementIcon, access.announcements),
];

/** Shown under the "Administration" subheader, to admins only. */
export const ADMIN_MENU: MenuEntry[] = [
  {
    kind: 'group',
    id: 'campaigns',
    labelKey: 'menu.campaignsGroup',
    icon: CampaignIcon,
    visible: access.campaigns,
    items: [
      item('/campaigns', 'menu.campaigns', ListIcon, access.campaigns),
      item('/contact-lists', 'menu.contactLists', PeopleOutlineIcon, access.campaigns),
      item('/campaigns-config', 'menu.campaignsConfig', TuneIcon, access.campaigns),
    ],
  },
  {
    kind: 'group',
    id: 'flows',
    labelKey: 'menu.flowsGroup',
    icon: AccountTreeIcon,
    visible: access.flows,
    items: [
      item('/phrase-lists', 'menu.phraseLists', ShapeLineIcon, access.flows),
      item('/flowbuilders', 'menu.flowbuilders', ChatBubbleIcon, access.flows),
    ],
  },
  item('/prompts', 'menu.prompts', AutoAwesomeIcon, access.prompts),
  item('/queue-integration', 'menu.queueIntegration', DeviceHubIcon, access.integrations),
  item('/connections', 'menu.connections', SyncAltIcon, access.admin, { connectionsBadge: true }),
  item('/files', 'menu.files', AttachFileIcon, access.admin),
  item('/queues', 'menu.queues', AccountTreeQueuesIcon, access.admin),
  item('/users', 'menu.users', PeopleAltIcon, access.users),
  item('/messages-api', 'menu.messagesApi', CodeIcon, access.externalApi),
  item('/financeiro', 'menu.financeiro', LocalAtmIcon, access.admin),
  item('/settings', 'menu.settings', SettingsIcon, access.settings),
];
