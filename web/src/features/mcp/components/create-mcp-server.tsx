import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { useCreateMcpServer, useProbeMcpServer, useTestMcpServer, type McpProposal, type McpServerInput } from '@/features/mcp/api/mcp-servers';
import { McpForm, type AfterSave } from '@/features/mcp/components/mcp-form';
import { ProposalNotes, SuggestBox } from '@/features/mcp/components/suggest-box';
import { useTestToast } from '@/features/mcp/hooks/use-test-toast';
import { EMPTY_VALUES, valuesFromInput, type McpFormValues } from '@/features/mcp/utils/form-values';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

/**
 * /dashboard/mcp/create: a server from scratch or from a proposal. "Test connection" tries the
 * configuration as it stands and shows the tools it found, saving nothing; "Save and test" saves
 * it, tests it and opens it, showing the outcome and the tools it found.
 */
export function CreateMcpServer() {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const create = useCreateMcpServer();
  const test = useTestMcpServer();
  const probe = useProbeMcpServer();
  const testToast = useTestToast();
  // The form starts over (keyed) when a proposal fills it.
  const [start, setStart] = useState<{ values: McpFormValues; proposal: McpProposal | null; key: number }>({ values: EMPTY_VALUES, proposal: null, key: 0 });

  const onSubmit = async (input: McpServerInput, after: AfterSave) => {
    const server = await create.mutateAsync(input);
    if (after === 'stay') {
      toast({ title: t('mcp.form.created', { name: server.name }), status: 'success' });
      navigate('/dashboard/mcp');
      return;
    }
    try {
      const result = await test.mutateAsync(server.id);
      testToast(server.name, result);
      navigate(`/dashboard/mcp/edit/${server.id}`, { replace: true, state: { test: result } });
    } catch (e) {
      toast({ title: t('mcp.test.failed', { name: server.name }), description: msg(errorMessage(e)), status: 'error' });
      navigate(`/dashboard/mcp/edit/${server.id}`, { replace: true });
    }
  };

  const pick = (proposal: McpProposal) => {
    setStart((s) => ({ values: valuesFromInput(proposal.server), proposal, key: s.key + 1 }));
    toast({ title: t('mcp.suggest.filled', { name: proposal.server.name }), status: 'info' });
  };

  return (
    <div className="w-full max-w-4xl space-y-6">
      <div>
        <Link to="/dashboard/mcp" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('mcp.backToList')}
        </Link>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight">{t('pages.mcpCreate.title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.mcpCreate.description')}</p>
      </div>
      <SuggestBox onPick={pick} />
      {start.proposal ? (
        <Notice tone="info">
          <p>{t('mcp.suggest.review', { name: start.proposal.server.name })}</p>
          {start.proposal.notes.length > 0 ? (
            <div className="mt-2">
              <ProposalNotes notes={start.proposal.notes} />
            </div>
          ) : null}
        </Notice>
      ) : null}
      <McpForm key={start.key} mode="create" defaultValues={start.values} canUseStdio={isAdmin} onSubmit={onSubmit} onTest={(input) => probe.mutateAsync(input)} />
    </div>
  );
}
