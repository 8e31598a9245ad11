import { useTranslation } from 'react-i18next';
import type { McpTestResult } from '@/features/mcp/api/mcp-servers';
import { toast } from '@/lib/toast';

/** The outcome of a test, as a toast: connected with its tools, or why it failed, in words. */
export function useTestToast() {
  const { t } = useTranslation('dashboard');
  return (name: string, result: McpTestResult) =>
    result.status === 'connected'
      ? toast({ title: t('mcp.test.connected', { name }), description: t('mcp.test.toolsFound', { count: result.server.tools.length }), status: 'success' })
      : toast({ title: t('mcp.test.failed', { name }), description: result.error ?? undefined, status: 'error' });
}
