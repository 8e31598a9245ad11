import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Graph, GraphEdge } from '@/features/workflows/api/workflows';
import { NodeKindTag } from '@/features/workflows/components/badges';

/** Which way out of its source an edge takes, in words (none for the usual way). */
function EdgeWay({ edge }: { edge: GraphEdge }) {
  const { t } = useTranslation('dashboard');
  const handle = edge.sourceHandle || null;
  const way = handle === 'true' ? t('workflows.graph.ifTrue') : handle === 'false' ? t('workflows.graph.ifFalse') : handle === 'error' ? t('workflows.graph.onError') : handle;
  return (
    <>
      {way ? (
        <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="edge-way">
          {way}
        </span>
      ) : null}
      {edge.maxIterations ? (
        <span className="rounded-md bg-violet-50 px-1.5 py-0.5 text-xs text-violet-700 dark:bg-violet-500/10 dark:text-violet-300">
          {t('workflows.graph.loop', { value: edge.maxIterations })}
        </span>
      ) : null}
    </>
  );
}

/**
 * A graph read-only: its steps in order (type and name, the id templates use) and how they are
 * joined (source, target, and which way: if true, if false, on error, a loop).
 */
export function GraphSummary({ graph }: { graph: Graph }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const nameOf = (nodeId: string) => {
    const node = graph.nodes.find((n) => n.id === nodeId);
    return node?.name?.trim() || nodeId;
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby={`${id}-nodes`}>
        <h3 id={`${id}-nodes`} className="text-sm font-semibold">
          {t('workflows.graph.nodes')}
        </h3>
        <ol className="mt-2 divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" data-testid="graph-nodes">
          {graph.nodes.map((node, index) => (
            <li key={node.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="graph-node">
              <span className="w-5 shrink-0 text-end text-xs tabular-nums text-zinc-400">{index + 1}</span>
              <NodeKindTag kind={node.type} />
              <span dir="auto" className="min-w-0 flex-1 truncate font-medium">
                {node.name?.trim() || t(`workflows.nodeKinds.${node.type}`)}
              </span>
              <code dir="ltr" className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">
                {node.id}
              </code>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={`${id}-edges`}>
        <h3 id={`${id}-edges`} className="text-sm font-semibold">
          {t('workflows.graph.edges')}
        </h3>
        {graph.edges.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('workflows.graph.noEdges')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-zinc-100 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" data-testid="graph-edges">
            {graph.edges.map((edge) => (
              <li key={edge.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="graph-edge">
                <span dir="auto" className="font-medium">
                  {nameOf(edge.source)}
                </span>
                <ArrowRight aria-hidden className="size-4 shrink-0 text-zinc-400 rtl:rotate-180" />
                <span className="sr-only">{t('workflows.graph.then')}</span>
                <span dir="auto" className="font-medium">
                  {nameOf(edge.target)}
                </span>
                <EdgeWay edge={edge} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
