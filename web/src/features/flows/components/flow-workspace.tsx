import { MessagesSquare, Mic, Rocket } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuilderFrame, SaveButton } from '@/components/graph-builder/builder-frame';
import { copyOf } from '@/components/graph-builder/canvas-state';
import { GraphToolbar } from '@/components/graph-builder/graph-toolbar';
import { measuredSizes } from '@/components/graph-builder/layout';
import { LeavePrompt } from '@/components/graph-builder/leave-prompt';
import { Palette } from '@/components/graph-builder/palette';
import { SelectionPanel } from '@/components/graph-builder/selection-panel';
import { useCanvasShortcuts } from '@/components/graph-builder/use-canvas-shortcuts';
import { useCanvasView } from '@/components/graph-builder/use-canvas-view';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import type { AgentOption } from '@/lib/agent-options';
import { ApiError } from '@/lib/api-client';
import { useChat } from '@/lib/chat';
import { saveBlob } from '@/lib/download';
import { directionOf } from '@/lib/languages';
import { useTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { useDeployFlow, useSaveFlow, type Environment, type FlowAgent, type FlowGraph, type FlowKind } from '@/features/flows/api/flows';
import { AgentSelect } from '@/features/flows/components/agent-select';
import { DeployDialog } from '@/features/flows/components/deploy-dialog';
import { EdgeInspector } from '@/features/flows/components/edge-inspector';
import { FlowCanvas } from '@/features/flows/components/flow-canvas';
import type { FlowDecor } from '@/features/flows/components/flow-context';
import { FlowPanel } from '@/features/flows/components/flow-panel';
import { FlowImportDialog } from '@/features/flows/components/import-dialog';
import { NodeInspector } from '@/features/flows/components/node-inspector';
import { PreviewPanel } from '@/features/flows/components/preview/preview-panel';
import { VoiceControls } from '@/features/flows/components/preview/voice-controls';
import { checkedKey, useFlowProblems, type SaveProblems } from '@/features/flows/components/use-flow-problems';
import { useWayLabel } from '@/features/flows/components/use-way-label';
import { KIND_LOOKS } from '@/features/flows/utils/catalog';
import { emptyFlow } from '@/features/flows/utils/convert';
import { layoutFlow, needsLayout } from '@/features/flows/utils/layout';
import type { FlowProblem } from '@/features/flows/utils/problems';
import { wayOf } from '@/features/flows/utils/rules';
import type { FlowDocument } from '@/features/flows/utils/schemas';
import { storedFlow } from '@/features/flows/utils/schemas';
import { flowClipboard, flowKey, flowOf, initFlowState, useFlowState } from '@/features/flows/utils/state';
import { FLOW_LIMITS, PALETTE_KINDS, type FlowMode } from '@/features/flows/utils/types';

/** The agent's flow as the builder starts with it: its stored one (laid out when it has no layout), or just a start. */
function initialFlow(agent: FlowAgent): FlowGraph {
  const stored = storedFlow(agent.flow);
  if (!stored) return emptyFlow();
  return needsLayout(stored) ? layoutFlow(stored) : stored;
}

const fileName = (name: string) => `${name.trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'agent'}.flow.json`;

/** Screens wide enough for the canvas, the inspector and the preview side by side open with the preview. */
const PREVIEW_OPEN_FROM = 1600;

/**
 * The builder of one agent's flow (inside xyflow's provider): the header (the agent, its version,
 * whether there are unsaved changes, Preview, Deploy, Save), the toolbar, the palette, the canvas,
 * the inspector of what is selected, and the preview beside them. `mode` `voice` shows the voice
 * settings and previews by voice.
 */
export function FlowWorkspace({ agent: loaded, mode, agents, onPick }: { agent: FlowAgent; mode: FlowMode; agents: readonly AgentOption[]; onPick: (id: string) => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = directionOf(i18n.language) === 'rtl';
  const { theme } = useTheme();
  const view = useCanvasView();
  const { state, actions } = useFlowState(() => initFlowState(initialFlow(loaded), rtl));
  const [savedKey, setSavedKey] = useState(() => flowKey(state));
  const [refused, setRefused] = useState<SaveProblems | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [importing, setImporting] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(() => window.innerWidth >= PREVIEW_OPEN_FROM);
  // A save writes its answer into the agent's query: `agent` is the latest version.
  const agent = loaded;
  const readOnly = agent.access === 'view';
  const saveFlow = useSaveFlow(agent.id);
  const deploy = useDeployFlow(agent.id);
  const chat = useChat({ agentId: agent.id, mode: 'test' });
  const wayLabel = useWayLabel();

  useEffect(() => actions.setDirection(rtl), [actions, rtl]);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const graph = useMemo(() => flowOf(state), [state]);
  const key = useMemo(() => JSON.stringify(graph), [graph]);
  const dirty = key !== savedKey;
  const { problems, fromSave } = useFlowProblems(graph, refused);
  const current = chat.messages.findLast((m) => m.role === 'assistant' && m.flow)?.flow?.nodeId ?? null;

  const nodeLabel = useCallback(
    (id: string) => {
      const n = state.nodes.find((x) => x.id === id);
      return n ? n.data.name?.trim() || `${t(`flowBuilder.kinds.${n.data.kind}.label`)} (${id})` : id;
    },
    [state.nodes, t],
  );

  const save = useCallback(async (): Promise<boolean> => {
    const sending = flowKey(stateRef.current);
    const flow = JSON.parse(sending) as FlowGraph;
    try {
      const answer = await saveFlow.mutateAsync(flow);
      setSavedKey(sending);
      setRefused(null);
      toast({ title: t('flowBuilder.save.done', { version: answer.currentVersion }), status: 'success' });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setRefused({ key: checkedKey(flow), problems: e.errors.map((f) => ({ field: f.field, message: f.message || e.message })) });
      toast({ title: t('flowBuilder.save.failed'), description: e instanceof Error ? e.message : undefined, status: 'error' });
      return false;
    }
  }, [saveFlow, t]);

  const remove = useConfirmAction<null, FlowAgent>({
    act: () => saveFlow.mutateAsync(null),
    title: () => t('flowBuilder.remove.title'),
    body: () => t('flowBuilder.remove.body'),
    confirmLabel: t('flowBuilder.remove.confirm'),
    cancelLabel: t('flowBuilder.remove.cancel'),
    success: (answer) => t('flowBuilder.remove.done', { version: answer.currentVersion }),
    onSuccess: () => {
      actions.replace(emptyFlow());
      setSavedKey(flowKey(initFlowState(emptyFlow(), rtl)));
      setRefused(null);
      view.fitSoon();
    },
  });

  const runDeploy = async (environment: Environment) => {
    if (dirty && !(await save())) return;
    try {
      const done = await deploy.mutateAsync(environment);
      toast({ title: t('flowBuilder.deploy.done', { version: done.version, environment: t(`flowBuilder.deploy.environments.${environment}`) }), status: 'success' });
      setDeploying(false);
    } catch (e) {
      toast({ title: t('flowBuilder.deploy.failed'), description: e instanceof Error ? e.message : undefined, status: 'error' });
    }
  };

  const say = (what: 'copied' | 'pasted' | 'undone' | 'redone') => setAnnouncement(t(`flowBuilder.announce.${what}`));
  const copy = () => {
    const fragment = copyOf(flowOf(stateRef.current), stateRef.current.nodes);
    if (!fragment) return;
    flowClipboard.put(fragment);
    say('copied');
  };
  const paste = () => {
    const taken = flowClipboard.take();
    if (!taken) return;
    actions.paste(taken.fragment, taken.times);
    say('pasted');
  };
  const undo = () => {
    actions.undo();
    say('undone');
  };
  const redo = () => {
    actions.redo();
    say('redone');
  };
  useCanvasShortcuts({ undo, redo, copy, paste, save: () => void (!readOnly && save()) });

  const addNode = (kind: FlowKind) => {
    const s = stateRef.current;
    if (s.nodes.length >= FLOW_LIMITS.nodes) {
      toast({ title: t('flowBuilder.announce.full', { max: FLOW_LIMITS.nodes }), status: 'warning' });
      return;
    }
    const selected = s.nodes.filter((n) => n.selected);
    const after = selected.length === 1 ? selected[0] : undefined;
    const position = view.placeNew(s.nodes, s.edges, after, rtl);
    actions.addNode(kind, position, after?.id);
    view.reveal(position);
  };

  const layout = () => {
    actions.replace(layoutFlow(flowOf(stateRef.current), measuredSizes(stateRef.current.nodes)));
    view.fitSoon();
  };

  const exportFlow = () => {
    const doc: FlowDocument = { format: 'agentforge.flow', agent: agent.name, flow: graph };
    saveBlob(new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' }), fileName(agent.name));
  };

  const importFlow = (flow: FlowGraph) => {
    actions.replace(needsLayout(flow) ? layoutFlow(flow) : flow);
    setImporting(false);
    toast({ title: t('flowBuilder.import.done'), status: 'success' });
    view.fitSoon();
  };

  const show = (p: FlowProblem) => {
    if (p.at.kind === 'node') {
      actions.select([p.at.id]);
      view.showNode(p.at.id);
    } else if (p.at.kind === 'edge') actions.select([], [p.at.id]);
  };

  const togglePreview = () => {
    setPreviewOpen((open) => !open);
    view.fitSoon();
  };

  const pick = (id: string) => {
    if (id === agent.id) return;
    if (dirty) setSwitchTo(id);
    else onPick(id);
  };

  const decor = useMemo<FlowDecor>(() => ({ problems, current, rtl, dark: theme === 'dark' }), [problems, current, rtl, theme]);
  const selectedNodes = state.nodes.filter((n) => n.selected);
  const selectedEdges = state.edges.filter((e) => e.selected);
  const production = agent.deployments?.find((d) => d.environment === 'production');

  let inspector;
  let inspectorTitle;
  if (selectedNodes.length === 1 && selectedEdges.length === 0) {
    const node = selectedNodes[0];
    inspectorTitle = t('flowBuilder.inspector.node');
    inspector = (
      <NodeInspector
        key={node.id}
        node={node}
        mode={mode}
        revision={state.revision}
        problems={problems.nodes.get(node.id) ?? []}
        onUpdate={actions.updateNode}
        onDelete={(id) => actions.remove([id], [])}
      />
    );
  } else if (selectedNodes.length === 0 && selectedEdges.length === 1) {
    const edge = selectedEdges[0];
    const source = state.nodes.find((n) => n.id === edge.source);
    inspectorTitle = t('flowBuilder.edge.title');
    inspector = (
      <EdgeInspector
        key={edge.id}
        edge={edge}
        nodeLabel={nodeLabel}
        wayLabel={source ? wayLabel(source.data, wayOf(edge.sourceHandle)) : (edge.sourceHandle ?? '')}
        problems={problems.edges.get(edge.id) ?? []}
        onDelete={() => actions.remove([], [edge.id])}
      />
    );
  } else if (selectedNodes.length + selectedEdges.length > 1) {
    const count = selectedNodes.length + selectedEdges.length;
    const removeSelected = () => actions.remove(selectedNodes.map((n) => n.id), selectedEdges.map((e) => e.id));
    inspectorTitle = t('flowBuilder.inspector.flow');
    inspector = (
      <SelectionPanel
        onDelete={removeSelected}
        onCopy={copy}
        labels={{ count: t('flowBuilder.inspector.selected', { count }), hint: t('flowBuilder.inspector.selectedHint'), copy: t('flowBuilder.inspector.copy'), delete: t('flowBuilder.inspector.deleteSelected') }}
      />
    );
  } else {
    inspectorTitle = t('flowBuilder.inspector.flow');
    inspector = (
      <FlowPanel
        counts={{ nodes: state.nodes.length, edges: state.edges.length }}
        problems={problems}
        fromSave={fromSave}
        nodeLabel={nodeLabel}
        onShow={show}
        onRemove={() => remove.ask(null)}
        canRemove={!readOnly && storedFlow(agent.flow) !== null}
      />
    );
  }

  const toolbarLabels = {
    label: t('flowBuilder.toolbar.label'),
    undo: t('flowBuilder.toolbar.undo'),
    redo: t('flowBuilder.toolbar.redo'),
    layout: t('flowBuilder.toolbar.layout'),
    fitView: t('flowBuilder.toolbar.fitView'),
    import: t('flowBuilder.toolbar.import'),
    export: t('flowBuilder.toolbar.export'),
  };
  const paletteItems = (state.nodes.some((n) => n.data.kind === 'start') ? PALETTE_KINDS : (['start', ...PALETTE_KINDS] as const)).map((kind) => ({
    kind,
    look: KIND_LOOKS[kind],
    label: t(`flowBuilder.kinds.${kind}.label`),
    description: t(`flowBuilder.kinds.${kind}.description`),
  }));

  return (
    <BuilderFrame
      testId="flow-builder"
      header={
        <>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold tracking-tight">{t(`flowBuilder.title.${mode}`)}</h1>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span data-testid="flow-version">{t('flowBuilder.version', { version: agent.currentVersion })}</span>
              <span aria-hidden>·</span>
              <span role="status" data-testid="save-state" className={cn(dirty && 'font-medium text-amber-700 dark:text-amber-400')}>
                {dirty ? t('flowBuilder.unsaved') : t('flowBuilder.saved')}
              </span>
              <span aria-hidden>·</span>
              <span data-testid="flow-production">{production ? t('flowBuilder.production', { version: production.version }) : t('flowBuilder.notDeployed')}</span>
            </p>
          </div>
          <AgentSelect agents={agents} value={agent.id} name={agent.name} onPick={pick} compact />
          <Button variant="secondary" size="sm" onClick={togglePreview} aria-expanded={previewOpen} aria-controls={previewOpen ? 'flow-preview' : undefined}>
            {mode === 'voice' ? <Mic aria-hidden className="size-4" /> : <MessagesSquare aria-hidden className="size-4" />}
            {t('flowBuilder.preview.toggle')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDeploying(true)} disabled={readOnly} title={t('flowBuilder.deploy.channels')}>
            <Rocket aria-hidden className="size-4" />
            {t('flowBuilder.deploy.button')}
          </Button>
          <SaveButton label={t('flowBuilder.save.button')} savingLabel={t('flowBuilder.save.saving')} pending={saveFlow.isPending} dirty={dirty} disabled={readOnly} onSave={() => void save()} />
        </>
      }
      notice={
        readOnly ? (
          <Notice tone="info" className="m-3 mb-0">
            {t('flowBuilder.readOnly')}
          </Notice>
        ) : null
      }
      toolbar={
        <GraphToolbar
          labels={toolbarLabels}
          onUndo={undo}
          onRedo={redo}
          canUndo={state.history.past.length > 0}
          canRedo={state.history.future.length > 0}
          onFit={view.fit}
          onLayout={layout}
          onExport={exportFlow}
          onImport={() => setImporting(true)}
        />
      }
      announcement={announcement}
      palette={<Palette items={paletteItems} onAdd={addNode} title={t('flowBuilder.palette.title')} hint={t('flowBuilder.palette.hint')} />}
      canvas={<FlowCanvas nodes={state.nodes} edges={state.edges} decor={decor} actions={actions} />}
      inspectorTitle={inspectorTitle}
      inspector={inspector}
      side={
        previewOpen ? (
          <div id="flow-preview" className="contents">
            <PreviewPanel
              title={t(`flowBuilder.preview.title.${mode}`)}
              chat={chat}
              greeting={agent.greeting}
              dirty={dirty}
              at={current ? nodeLabel(current) : null}
              controls={mode === 'voice' ? <VoiceControls chat={chat} /> : undefined}
              onClose={togglePreview}
            />
          </div>
        ) : null
      }
    >
      <LeavePrompt dirty={dirty} labels={{ title: t('flowBuilder.leave.title'), body: t('flowBuilder.leave.body'), leave: t('flowBuilder.leave.leave'), stay: t('flowBuilder.leave.stay') }} />
      {importing ? <FlowImportDialog onImport={importFlow} onClose={() => setImporting(false)} /> : null}
      {deploying ? <DeployDialog agent={agent} dirty={dirty} pending={deploy.isPending || saveFlow.isPending} onDeploy={(env) => void runDeploy(env)} onClose={() => setDeploying(false)} /> : null}
      {switchTo ? (
        <ConfirmDialog
          title={t('flowBuilder.switch.title')}
          body={t('flowBuilder.switch.body')}
          confirmLabel={t('flowBuilder.switch.switch')}
          cancelLabel={t('flowBuilder.switch.stay')}
          onConfirm={() => {
            const id = switchTo;
            setSwitchTo(null);
            onPick(id);
          }}
          onCancel={() => setSwitchTo(null)}
        />
      ) : null}
      {remove.dialog}
    </BuilderFrame>
  );
}
