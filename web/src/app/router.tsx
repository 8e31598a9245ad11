import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminPageRoute } from '@/app/routes/admin/admin-page';
import { LoginRoute } from '@/app/routes/auth/login';
import { ForgotPasswordRoute } from '@/app/routes/auth/forgot-password';
import { ResetPasswordRoute } from '@/app/routes/auth/reset-password';
import { VerifyEmailRoute } from '@/app/routes/auth/verify-email';
import { SignupRoute } from '@/app/routes/auth/signup';
import { AgentChatRoute } from '@/app/routes/dashboard/agents/agent-chat';
import { AgentDetailRoute, AgentsListRoute, CreateAgentRoute, EditAgentRoute } from '@/app/routes/dashboard/agents/agents';
import { ChatRoute } from '@/app/routes/dashboard/chat';
import { ConversationRoute, ConversationsListRoute, LiveConversationsRoute } from '@/app/routes/dashboard/conversations';
import { DashboardPageRoute } from '@/app/routes/dashboard/dashboard-page';
import { DashboardOverviewRoute } from '@/app/routes/dashboard/overview';
import { SettingsRoute } from '@/app/routes/dashboard/settings';
import { FeaturesRoute } from '@/app/routes/features';
import { LandingRoute } from '@/app/routes/landing';
import { NotFoundRoute } from '@/app/routes/not-found';
import { PricingRoute } from '@/app/routes/pricing';
import { PublicPageRoute } from '@/app/routes/public-page';
import { UserChatRoute } from '@/app/routes/user-chat';
import { RouteErrorScreen } from '@/components/errors/error-fallback';
import { AdminLayout } from '@/components/layouts/admin-layout';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import { AdminRoute, ProtectedRoute } from '@/lib/authorization';

const publicPage = (path: string, page: string): RouteObject => ({ path, element: <PublicPageRoute page={page} /> });
const dash = (path: string, page: string, ns: 'dashboard' | 'agents' = 'dashboard'): RouteObject => ({
  path,
  element: <DashboardPageRoute ns={ns} page={page} />,
});
const adminOnly = (path: string, page: string): RouteObject => ({
  path,
  element: (
    <AdminRoute>
      <DashboardPageRoute page={page} />
    </AdminRoute>
  ),
});

/** The route table of the specification, section 2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingRoute /> },
          { path: 'home', element: <LandingRoute /> },
          { path: 'login', element: <LoginRoute /> },
          { path: 'signup', element: <SignupRoute /> },
          { path: 'register', element: <SignupRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          { path: 'verify-email', element: <VerifyEmailRoute /> },
          { path: 'features', element: <FeaturesRoute /> },
          { path: 'pricing', element: <PricingRoute /> },
          publicPage('about', 'about'),
          publicPage('contact', 'contact'),
          publicPage('platform', 'platform'),
          publicPage('blog', 'blog'),
          publicPage('demo', 'demo'),
          publicPage('automate', 'automate'),
          publicPage('sales', 'sales'),
          publicPage('sdr', 'sdr'),
          publicPage('customer-success', 'customerSuccess'),
          publicPage('ecommerce', 'ecommerce'),
          { path: '*', element: <NotFoundRoute /> },
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
          { index: true, element: <DashboardOverviewRoute /> },
          { path: 'overview', element: <DashboardOverviewRoute /> },
          { path: 'agents', element: <AgentsListRoute /> },
          { path: 'agents/create', element: <CreateAgentRoute /> },
          { path: 'agents/:agentId', element: <AgentDetailRoute /> },
          { path: 'agents/:agentId/edit', element: <EditAgentRoute /> },
          { path: 'agents/:agentId/chat', element: <AgentChatRoute /> },
          { path: 'conversations', element: <ConversationsListRoute /> },
          { path: 'conversations/all', element: <ConversationsListRoute /> },
          { path: 'conversations/live', element: <LiveConversationsRoute /> },
          dash('conversations/voice', 'voiceConversations'),
          dash('conversations/phone', 'phone'),
          { path: 'conversations/:conversationId', element: <ConversationRoute /> },
          { path: 'chat', element: <ChatRoute /> },
          dash('flow', 'flow'),
          dash('voice-flows', 'flow'),
          dash('mcp', 'mcp'),
          dash('mcp/create', 'mcpCreate'),
          dash('mcp/import', 'mcpImport'),
          dash('mcp/edit/:id', 'mcpEdit'),
          dash('orchestration', 'orchestration'),
          dash('workflows', 'workflows'),
          dash('workflows/create', 'workflowCreate'),
          dash('workflows/:id', 'workflow'),
          dash('workflows/:id/edit', 'workflowEdit'),
          dash('webhooks', 'webhooks'),
          dash('marketplace', 'integrations'),
          dash('collaboration', 'integrations'),
          dash('integrations', 'integrations'),
          dash('integrations/elevenlabs', 'integrations'),
          dash('integrations/twilio', 'phone'),
          dash('twilio', 'phone'),
          dash('integrations/api-docs', 'apiDocs'),
          dash('integrations/webhooks', 'webhooks'),
          dash('integrations/embeddable', 'embeddable'),
          dash('gemini', 'gemini'),
          { path: 'settings', element: <SettingsRoute /> },
          dash('settings/team', 'teamSettings'),
          dash('help', 'help'),
          adminOnly('analytics', 'analytics'),
          adminOnly('teams', 'teams'),
          { path: 'test', element: <NotFoundRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        path: 'user/chat/:agentId',
        element: (
          <ProtectedRoute>
            <UserChatRoute />
          </ProtectedRoute>
        ),
      },
      {
        path: 'admin',
        element: (
          <AdminRoute>
            <AdminLayout />
          </AdminRoute>
        ),
        children: [
          { index: true, element: <AdminPageRoute page="overview" /> },
          { path: 'users', element: <AdminPageRoute page="users" /> },
          { path: 'api-keys', element: <AdminPageRoute page="apiKeys" /> },
          { path: 'audit-logs', element: <AdminPageRoute page="auditLogs" /> },
          { path: 'configuration', element: <AdminPageRoute page="configuration" /> },
          { path: 'subscriptions', element: <AdminPageRoute page="subscriptions" /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];


export function createAppRouter() {
  return createBrowserRouter(routes);
}
