import type { NodeProps } from '@xyflow/react';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InHandle, OutHandle } from '@/components/graph-builder/handles';
import { NodeCard } from '@/components/graph-builder/node-card';
import { cn } from '@/components/ui/cn';
import { useFlowDecor } from '@/features/flows/components/flow-context';
import { useWayLabel } from '@/features/flows/components/use-way-label';
import { KIND_LOOKS, summary, waysOut, type Way } from '@/features/flows/utils/catalog';
import { flowEdgeLook } from '@/features/flows/utils/convert';
import type { CanvasNode } from '@/features/flows/utils/types';

/** A handle's border in its way's colour (as its edges are drawn). */
const WAY_BORDERS: Record<string, string> = {
  true: 'border-emerald-500! dark:border-emerald-400!',
  false: 'border-slate-500! dark:border-slate-400!',
  invalid: 'border-amber-500! dark:border-amber-400!',
  error: 'border-red-500! dark:border-red-400!',
};
const wayBorder = (way: Way) => (way === null ? undefined : (WAY_BORDERS[way] ?? 'border-teal-500! dark:border-teal-400!'));

/**
 * A node of the flow (every type): the shared card with its problems, the preview's place (a
 * marker and a sky border), its way in (not the start's) and its ways out. One usual way sits in
 * the middle of the end side; named ways (true and false, a choice's buttons, a question's
 * Invalid answer, an error) are rows at the bottom, each with its handle.
 */
export function FlowNode({ id, data, selected }: NodeProps<CanvasNode>) {
  const { t } = useTranslation('dashboard');
  const { problems, current, rtl } = useFlowDecor();
  const wayLabel = useWayLabel();
  const label = (way: Way) => wayLabel(data, way);
  const found = problems.nodes.get(id) ?? [];
  const here = current === id;
  const kindLabel = t(`flowBuilder.kinds.${data.kind}.label`);
  const ways = waysOut(data.kind, data.settings);
  const rows = ways.length === 1 && ways[0] === null ? [] : ways;
  return (
    <NodeCard
      id={id}
      testId="flow-node"
      look={KIND_LOOKS[data.kind]}
      label={data.name?.trim() || kindLabel}
      kindLabel={kindLabel}
      line={summary(data.kind, data.settings)}
      problems={found.map((p) => p.message)}
      problemsLabel={t('flowBuilder.node.problems', { count: found.length })}
      selected={selected}
      border={here ? 'border-sky-500 dark:border-sky-400' : null}
      attributes={{ 'data-current': here ? 'true' : undefined }}
      footer={
        <>
          {here ? (
            <p className="mt-1.5 flex items-center gap-1 text-[11px] font-medium text-sky-700 dark:text-sky-300">
              <MapPin aria-hidden className="size-3.5" />
              {t('flowBuilder.node.here')}
            </p>
          ) : null}
          {rows.length ? (
            <ul className="-mx-3 mt-2 border-t border-zinc-100 dark:border-zinc-800">
              {rows.map((way) => (
                <li key={way ?? ''} className="relative flex h-7 items-center justify-end px-3 text-[11px] font-medium text-zinc-600 dark:text-zinc-300">
                  <span className="truncate" dir="auto" style={{ color: way === null ? undefined : flowEdgeLook(way).color }}>
                    {label(way)}
                  </span>
                  <OutHandle id={way ?? undefined} label={label(way)} rtl={rtl} border={wayBorder(way)} />
                </li>
              ))}
            </ul>
          ) : null}
        </>
      }
      className={cn(rows.length > 0 && 'pb-0')}
    >
      {data.kind !== 'start' ? <InHandle label={t('flowBuilder.ways.in')} rtl={rtl} /> : null}
      {rows.length === 0 && ways.length === 1 ? <OutHandle label={label(null)} rtl={rtl} /> : null}
    </NodeCard>
  );
}
