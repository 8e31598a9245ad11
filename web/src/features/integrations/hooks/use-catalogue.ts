import { AudioLines, Blocks, BookOpen, Braces, BrainCircuit, Hash, KeyRound, MessageCircle, MessageSquareCode, MessagesSquare, Phone, RadioTower, Send, Sparkles, Webhook, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEventEndpoints, useWebhookTotals } from '@/features/integrations/api/catalogue-status';
import { useIntegrations, type IntegrationName } from '@/features/integrations/api/integrations';
import type { PillTone } from '@/features/integrations/components/status-pill';
import { SERVICE_GROUPS, settingsLink, type CatalogueGroup } from '@/features/integrations/utils/catalogue';
import { PURPOSES } from '@/features/integrations/utils/fields';
import { useMyApiKeys } from '@/lib/api-keys';
import { useMyMcpServers } from '@/lib/mcp';

/** What a link of an entry says (with the entry's name for screen readers where the words alone are vague). */
export type LinkKind = 'setUp' | 'manage' | 'open' | 'useForAgent' | 'addServer' | 'reference' | 'newWebhook' | 'addEndpoint';

export type CatalogueLink = {
  to: string;
  kind: LinkKind;
  /** A page the server serves itself (the API reference), not one of the app's routes. */
  external?: boolean;
};

export type CatalogueEntry = {
  id: string;
  group: CatalogueGroup;
  /** A brand name, or the translated name of one of ours ("MCP tools"): what the search matches. */
  name: string;
  description: string;
  icon: LucideIcon;
  /** Connected or not, from the server's answer; none for what is not connected (the documentation). */
  status?: { tone: PillTone; label: string };
  /** A second line about the status ("Uses the server's connection", "1 expired"). */
  detail?: string;
  links: CatalogueLink[];
};

const SERVICE_ICONS: Record<IntegrationName, LucideIcon> = {
  openai: BrainCircuit,
  gemini: Sparkles,
  elevenlabs: AudioLines,
  twilio: Phone,
  slack: Hash,
  telegram: Send,
  discord: MessagesSquare,
  whatsapp: MessageCircle,
};

/** The service titles, in the server's order, while its answer is not there (brand names, never translated). */
const SERVICE_TITLES: Record<IntegrationName, string> = {
  openai: 'OpenAI',
  gemini: 'Gemini',
  elevenlabs: 'ElevenLabs',
  twilio: 'Twilio',
  slack: 'Slack',
  telegram: 'Telegram',
  discord: 'Discord',
  whatsapp: 'WhatsApp',
};
const SERVICES = Object.keys(SERVICE_TITLES) as IntegrationName[];

/** Where the webhooks screen is, and how a link asks it to open "New webhook" with a platform chosen. */
const WEBHOOKS = '/dashboard/webhooks';
const newWebhook = (platform?: 'zapier' | 'custom') => `${WEBHOOKS}?new${platform ? `=${platform}` : ''}`;

/**
 * The catalogue's entries, each with its status as the server tells it: my eight services (GET
 * /settings/integrations: connected, else the server's connection standing in, else not), the
 * platform webhooks (GET /webhooks/stats: how many active, failing, paused; Zapier's and custom
 * ones counted apart), the embeddable widget, my MCP servers (how many, how many connected), my
 * event endpoints (how many enabled), my API keys (how many still work) and the API
 * documentation. Also whether the services' status could not be read, to offer a retry.
 */
export function useCatalogue() {
  const { t, i18n } = useTranslation('dashboard');
  const integrations = useIntegrations(null);
  const mcp = useMyMcpServers();
  const keys = useMyApiKeys();
  const totals = useWebhookTotals();
  const endpoints = useEventEndpoints();
  const list = (parts: string[]) => new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' }).format(parts);

  const loading = { tone: 'unknown', label: t('catalogue.status.loading') } as const;
  const unreadable = { tone: 'unknown', label: t('catalogue.status.unavailable') } as const;

  const saved = integrations.data?.integrations ?? [];
  const services: CatalogueEntry[] = SERVICES.map((name) => {
    const i = saved.find((s) => s.name === name);
    const status = i
      ? i.connected
        ? { tone: 'on' as const, label: t('settings.integrations.status.connected') }
        : i.serverConnected
          ? { tone: 'server' as const, label: t('catalogue.status.server') }
          : { tone: 'off' as const, label: t('settings.integrations.status.notConnected') }
      : integrations.isError
        ? unreadable
        : loading;
    const links: CatalogueLink[] = [{ to: settingsLink(name), kind: i?.connected ? 'manage' : 'setUp' }];
    if (name === 'gemini') links.push({ to: '/dashboard/gemini', kind: 'useForAgent' });
    return {
      id: name,
      group: SERVICE_GROUPS[name],
      name: i?.title ?? SERVICE_TITLES[name],
      description: t(PURPOSES[name]),
      icon: SERVICE_ICONS[name],
      status,
      detail: i && !i.connected && i.serverConnected ? t('catalogue.serverDetail') : undefined,
      links,
    };
  });

  const stats = totals.data;
  const failing = stats?.failing ?? 0;
  const webhooksEntry: CatalogueEntry = {
    id: 'webhooks',
    group: 'messaging',
    name: t('catalogue.webhooks.name'),
    description: t('catalogue.webhooks.description'),
    icon: Webhook,
    status: stats
      ? stats.total === 0
        ? { tone: 'off', label: t('catalogue.webhooks.none') }
        : {
            tone: failing > 0 ? 'warn' : stats.active > 0 ? 'on' : 'off',
            label: list([
              ...(stats.active > 0 ? [t('catalogue.webhooks.active', { count: stats.active })] : []),
              ...(failing > 0 ? [t('catalogue.webhooks.failing', { count: failing })] : []),
              ...(stats.paused > 0 ? [t('catalogue.webhooks.paused', { count: stats.paused })] : []),
            ]),
          }
      : totals.isError
        ? unreadable
        : loading,
    links: stats && stats.total === 0 ? [{ to: newWebhook(), kind: 'newWebhook' }] : [{ to: WEBHOOKS, kind: 'manage' }],
  };

  /** Zapier's and custom webhooks: how many of the platform's there are, and the way to make one. */
  const platformEntry = (platform: 'zapier' | 'custom', name: string, description: string, icon: LucideIcon): CatalogueEntry => {
    const mine = stats?.webhooks.filter((w) => w.platform === platform);
    return {
      id: platform === 'custom' ? 'custom-webhooks' : platform,
      group: 'messaging',
      name,
      description,
      icon,
      status: mine
        ? mine.length === 0
          ? { tone: 'off', label: t('catalogue.webhooks.none') }
          : { tone: mine.some((w) => w.status === 'failing') ? 'warn' : mine.some((w) => w.status === 'active') ? 'on' : 'off', label: t('catalogue.webhooks.count', { count: mine.length }) }
        : totals.isError
          ? unreadable
          : loading,
      links:
        mine && mine.length > 0
          ? [
              { to: `${WEBHOOKS}?platform=${platform}`, kind: 'manage' },
              { to: newWebhook(platform), kind: 'newWebhook' },
            ]
          : [{ to: newWebhook(platform), kind: 'setUp' }],
    };
  };
  const zapierEntry = platformEntry('zapier', 'Zapier', t('catalogue.zapier.description'), Zap);
  const customEntry = platformEntry('custom', t('catalogue.custom.name'), t('catalogue.custom.description'), Braces);

  const widgetEntry: CatalogueEntry = {
    id: 'widget',
    group: 'messaging',
    name: t('catalogue.widget.name'),
    description: t('catalogue.widget.description'),
    icon: MessageSquareCode,
    links: [{ to: '/dashboard/integrations/embeddable', kind: 'setUp' }],
  };

  const servers = mcp.data;
  const connected = servers?.filter((s) => s.enabled && s.status === 'connected').length ?? 0;
  const mcpEntry: CatalogueEntry = {
    id: 'mcp',
    group: 'tools',
    name: t('catalogue.mcp.name'),
    description: t('catalogue.mcp.description'),
    icon: Blocks,
    status: servers
      ? servers.length === 0
        ? { tone: 'off', label: t('catalogue.mcp.none') }
        : { tone: connected > 0 ? 'on' : 'off', label: t('catalogue.mcp.connected', { count: connected }) }
      : mcp.isError
        ? unreadable
        : loading,
    detail: servers && servers.length > 0 ? t('catalogue.mcp.servers', { count: servers.length }) : undefined,
    links: servers && servers.length === 0 ? [{ to: '/dashboard/mcp/create', kind: 'addServer' }] : [{ to: '/dashboard/mcp', kind: 'manage' }],
  };

  const hooks = endpoints.data;
  const enabled = hooks?.filter((e) => e.enabled).length ?? 0;
  const disabled = (hooks?.length ?? 0) - enabled;
  const endpointsEntry: CatalogueEntry = {
    id: 'event-endpoints',
    group: 'tools',
    name: t('catalogue.endpoints.name'),
    description: t('catalogue.endpoints.description'),
    icon: RadioTower,
    status: hooks
      ? hooks.length === 0
        ? { tone: 'off', label: t('catalogue.endpoints.none') }
        : { tone: enabled > 0 ? (hooks.some((e) => e.enabled && e.failingSince) ? 'warn' : 'on') : 'off', label: t('catalogue.endpoints.enabled', { count: enabled }) }
      : endpoints.isError
        ? unreadable
        : loading,
    detail: disabled > 0 ? t('catalogue.endpoints.disabled', { count: disabled }) : undefined,
    links: hooks && hooks.length === 0 ? [{ to: `${WEBHOOKS}?tab=endpoints&new`, kind: 'addEndpoint' }] : [{ to: `${WEBHOOKS}?tab=endpoints`, kind: 'manage' }],
  };

  const active = keys.data?.filter((k) => !k.expired).length ?? 0;
  const expired = (keys.data?.length ?? 0) - active;
  const keysEntry: CatalogueEntry = {
    id: 'api-keys',
    group: 'tools',
    name: t('catalogue.apiKeys.name'),
    description: t('catalogue.apiKeys.description'),
    icon: KeyRound,
    status: keys.data
      ? active > 0
        ? { tone: 'on', label: t('catalogue.apiKeys.active', { count: active }) }
        : { tone: 'off', label: t('catalogue.apiKeys.none') }
      : keys.isError
        ? unreadable
        : loading,
    detail: expired > 0 ? t('catalogue.apiKeys.expired', { count: expired }) : undefined,
    links: [{ to: '/dashboard/integrations/api-docs', kind: active > 0 ? 'manage' : 'setUp' }],
  };

  const docsEntry: CatalogueEntry = {
    id: 'api-docs',
    group: 'tools',
    name: t('catalogue.apiDocs.name'),
    description: t('catalogue.apiDocs.description'),
    icon: BookOpen,
    links: [
      { to: '/dashboard/integrations/api-docs', kind: 'open' },
      { to: '/api/docs', kind: 'reference', external: true },
    ],
  };

  return {
    entries: [...services, webhooksEntry, zapierEntry, customEntry, widgetEntry, mcpEntry, endpointsEntry, keysEntry, docsEntry],
    /** Why the services' status could not be read, if it could not (the others say so on their own badge). */
    servicesError: integrations.isError ? integrations.error : null,
    retry: () => void integrations.refetch(),
    retrying: integrations.isFetching,
  };
}
