import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useMcpServer, useTestMcpServer, useUpdateMcpServer, type McpServerInput, type McpTestResult } from '@/features/mcp/api/mcp-servers';
import { McpForm } from '@/features/mcp/components/mcp-form';
import { ServerStatus } from '@/features/mcp/components/server-status';
import { useTestToast } from '@/features/mcp/hooks/use-test-toast';
import { valuesFromServer } from '@/features/mcp/utils/form-values';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The test "Save and test" ran before opening this page, handed over in the navigation's state. */
function passedTest(state: unknown): McpTestResult | null {
  if (!isRecord(state) || !isRecord(state.test)) return null;
  const test = state.test;
  // Our own navigation's state, written by the create page from the API's answer.
  return typeof test.status === 'string' && isRecord(test.server) ? (test as McpTestResult) : null;
}

/** /dashboard/mcp/edit/:id: the server's form beside its connection, tested on demand. */
export function EditMcpServer({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const { isAdmin } = useAuth();
  const location = useLocation();
  const server = useMcpServer(id);
  const update = useUpdateMcpServer(id);
  const test = useTestMcpServer();
  const testToast = useTestToast();
  const [result, setResult] = useState<McpTestResult | null>(() => passedTest(location.state));
  const [dirty, setDirty] = useState(false);
  // The form starts over from the stored server after each save (new masks, trimmed values).
  const [version, setVersion] = useState(0);

  const back = (
    <Link to="/dashboard/mcp" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t('mcp.backToList')}
    </Link>
  );

  if (server.isPending) {
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner className="size-8" />
        <span className="sr-only">{t('mcp.loading')}</span>
      </div>
    );
  }
  if (server.isError) {
    return (
      <div className="w-full max-w-3xl space-y-4">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.mcpEdit.title')}</h1>
        <Notice tone="error">{msg(errorMessage(server.error))}</Notice>
        <ButtonLink to="/dashboard/mcp" variant="secondary">
          {t('mcp.backToList')}
        </ButtonLink>
      </div>
    );
  }

  const s = server.data;
  const onSubmit = async (input: McpServerInput) => {
    const saved = await update.mutateAsync(input);
    toast({ title: t('mcp.form.saved', { name: saved.name }), status: 'success' });
    setVersion((v) => v + 1);
  };
  const runTest = () =>
    test.mutate(id, {
      onSuccess: (out) => {
        setResult(out);
        testToast(s.name, out);
      },
      onError: (e) => toast({ title: t('mcp.test.failed', { name: s.name }), description: msg(errorMessage(e)), status: 'error' }),
    });

  return (
    <div className="w-full max-w-6xl space-y-6">
      <div>
        {back}
        <h1 className="mt-3 text-2xl font-semibold tracking-tight">{t('pages.mcpEdit.title')}</h1>
        <p dir="auto" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {s.name}
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <McpForm key={`${s.id}-${version}`} mode="edit" defaultValues={valuesFromServer(s)} canUseStdio={isAdmin} onSubmit={onSubmit} onDirtyChange={setDirty} />
        </div>
        <div className="lg:col-span-2">
          <ServerStatus server={s} result={result} onTest={runTest} testing={test.isPending} dirty={dirty} />
        </div>
      </div>
    </div>
  );
}
