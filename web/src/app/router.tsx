import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '@/components/errors/error-fallback';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AdminRoute, ProtectedRoute } from '@/lib/authorization';
import type { AdminPage, PublicPage } from '@/types/i18n-keys';

// Layouts and guards load with the app; every page is its own module, fetched the first time
// it is visited (React Router's `lazy`), so the first screen does not download the code of the
// others, and the libraries only some pages use (charts, Markdown) stay with those pages.

const publicPage = (path: string, page: PublicPage): RouteObject => ({
  path,
  lazy: async () => {
    const { PublicPageRoute } = await import('@/app/routes/public-page');
    return { element: <PublicPageRoute page={page} /> };
  },
});
const analytics: RouteObject = {
  path: 'analytics',
  lazy: async () => {
    const { AnalyticsRoute } = await import('@/app/routes/dashboard/analytics');
    return {
      element: (
        <AdminRoute>
          <AnalyticsRoute />
        </AdminRoute>
      ),
    };
  },
};
const teams: RouteObject = {
  path: 'teams',
  lazy: async () => {
    const { TeamsRoute } = await import('@/app/routes/dashboard/teams');
    return {
      element: (
        <AdminRoute>
          <TeamsRoute />
        </AdminRoute>
      ),
    };
  },
};
const adminPage = (path: string | undefined, page: AdminPage): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  lazy: async () => {
    const { AdminPageRoute } = await import('@/app/routes/admin/admin-page');
    return { element: <AdminPageRoute page={page} /> };
  },
});
const notFound = (path: string): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }),
});

const landing = async () => ({ Component: (await import('@/app/routes/landing')).LandingRoute });
const signup = async () => ({ Component: (await import('@/app/routes/auth/signup')).SignupRoute });
const overview = async () => ({ Component: (await import('@/app/routes/dashboard/overview')).DashboardOverviewRoute });
const conversationsList = async () => ({ Component: (await import('@/app/routes/dashboard/conversations-list')).ConversationsListRoute });
const integrations = async () => ({ Component: (await import('@/app/routes/dashboard/integrations')).IntegrationsRoute });
const twilioSetup = async () => ({ Component: (await import('@/app/routes/dashboard/phone')).TwilioSetupRoute });

/** The route table of the specification, section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's module loads.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: landing },
          { path: 'home', lazy: landing },
          { path: 'login', lazy: async () => ({ Component: (await import('@/app/routes/auth/login')).LoginRoute }) },
          { path: 'signup', lazy: signup },
          { path: 'register', lazy: signup },
          { path: 'forgot-password', lazy: async () => ({ Component: (await import('@/app/routes/auth/forgot-password')).ForgotPasswordRoute }) },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('@/app/routes/auth/reset-password')).ResetPasswordRoute }) },
          { path: 'verify-email', lazy: async () => ({ Component: (await import('@/app/routes/auth/verify-email')).VerifyEmailRoute }) },
          { path: 'features', lazy: async () => ({ Component: (await import('@/app/routes/features')).FeaturesRoute }) },
          { path: 'pricing', lazy: async () => ({ Component: (await import('@/app/routes/pricing')).PricingRoute }) },
          publicPage('about', 'about'),
          { path: 'contact', lazy: async () => ({ Component: (await import('@/app/routes/contact')).ContactRoute }) },
          publicPage('platform', 'platform'),
          publicPage('blog', 'blog'),
          publicPage('demo', 'demo'),
          publicPage('automate', 'automate'),
          publicPage('sales', 'sales'),
          publicPage('sdr', 'sdr'),
          publicPage('customer-success', 'customerSuccess'),
          publicPage('ecommerce', 'ecommerce'),
          notFound('*'),
        ],
      },
      {
        path: 'dashboard',
        element: (
          <ProtectedRoute>
            <DashboardLayout />
          </ProtectedRoute>
        ),
        children: [
          { index: true, lazy: overview },
          { path: 'overview', lazy: overview },
          { path: 'agents', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/agents/agents-list')).AgentsListRoute }) },
          { path: 'agents/create', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/agents/create-agent')).CreateAgentRoute }) },
          { path: 'agents/:agentId', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/agents/agent-detail')).AgentDetailRoute }) },
          { path: 'agents/:agentId/edit', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/agents/edit-agent')).EditAgentRoute }) },
          { path: 'agents/:agentId/chat', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/agents/agent-chat')).AgentChatRoute }) },
          { path: 'conversations', lazy: conversationsList },
          { path: 'conversations/all', lazy: conversationsList },
          { path: 'conversations/live', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/live-conversations')).LiveConversationsRoute }) },
          { path: 'conversations/voice', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/voice-conversations')).VoiceConversationsRoute }) },
          { path: 'conversations/phone', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/phone')).PhoneCallsRoute }) },
          { path: 'conversations/:conversationId', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/conversation')).ConversationRoute }) },
          { path: 'chat', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/chat')).ChatRoute }) },
          { path: 'flow', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/flow')).FlowRoute }) },
          { path: 'voice-flows', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/flow')).VoiceFlowsRoute }) },
          { path: 'mcp', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/mcp/mcp-list')).McpListRoute }) },
          { path: 'mcp/create', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/mcp/create-mcp-server')).CreateMcpServerRoute }) },
          { path: 'mcp/import', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/mcp/import-mcp-servers')).McpImportRoute }) },
          { path: 'mcp/edit/:id', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/mcp/edit-mcp-server')).EditMcpServerRoute }) },
          { path: 'orchestration', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/workflows')).OrchestrationRoute }) },
          { path: 'workflows', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/workflows')).WorkflowsRoute }) },
          { path: 'workflows/create', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/workflows')).WorkflowCreateRoute }) },
          { path: 'workflows/:id', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/workflows')).WorkflowRoute }) },
          { path: 'workflows/:id/edit', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/workflow-edit')).WorkflowEditRoute }) },
          { path: 'webhooks', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/webhooks')).WebhooksRoute }) },
          // The specification shows the integrations screen at all four.
          { path: 'marketplace', lazy: integrations },
          { path: 'collaboration', lazy: integrations },
          { path: 'integrations', lazy: integrations },
          { path: 'integrations/elevenlabs', lazy: integrations },
          // The specification shows the phone integration screen at both, as at conversations/phone.
          { path: 'integrations/twilio', lazy: twilioSetup },
          { path: 'twilio', lazy: twilioSetup },
          { path: 'integrations/api-docs', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/api-docs')).ApiDocsRoute }) },
          { path: 'integrations/webhooks', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/webhooks')).WebhooksRoute }) },
          { path: 'integrations/embeddable', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/embeddable')).EmbeddableRoute }) },
          { path: 'gemini', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/gemini')).GeminiRoute }) },
          { path: 'settings', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/settings')).SettingsRoute }) },
          { path: 'settings/team', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/team-settings')).TeamSettingsRoute }) },
          { path: 'help', lazy: async () => ({ Component: (await import('@/app/routes/dashboard/help')).HelpRoute }) },
          analytics,
          teams,
          notFound('test'),
          notFound('*'),
        ],
      },
      {
        path: 'user/chat/:agentId',
        lazy: async () => {
          const { UserChatRoute } = await import('@/app/routes/user-chat');
          return {
            element: (
              <ProtectedRoute>
                <UserChatRoute />
              </ProtectedRoute>
            ),
          };
        },
      },
      {
        path: 'admin',
        element: (
          <AdminRoute>
            <AdminLayout />
          </AdminRoute>
        ),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/app/routes/admin/overview')).AdminOverviewRoute }) },
          { path: 'users', lazy: async () => ({ Component: (await import('@/app/routes/admin/users')).AdminUsersRoute }) },
          { path: 'api-keys', lazy: async () => ({ Component: (await import('@/app/routes/admin/api-keys')).AdminApiKeysRoute }) },
          { path: 'audit-logs', lazy: async () => ({ Component: (await import('@/app/routes/admin/audit-logs')).AdminAuditLogsRoute }) },
          { path: 'configuration', lazy: async () => ({ Component: (await import('@/app/routes/admin/configuration')).AdminConfigurationRoute }) },
          adminPage('subscriptions', 'subscriptions'),
          notFound('*'),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
