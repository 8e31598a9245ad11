import { ArrowLeft, ChevronDown, ChevronUp, Play } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BuilderFrame, SaveButton } from '@/components/graph-builder/builder-frame';
import { GraphToolbar } from '@/components/graph-builder/graph-toolbar';
import { measuredSizes } from '@/components/graph-builder/layout';
import { LeavePrompt } from '@/components/graph-builder/leave-prompt';
import { Palette } from '@/components/graph-builder/palette';
import { SelectionPanel } from '@/components/graph-builder/selection-panel';
import { useCanvasShortcuts } from '@/components/graph-builder/use-canvas-shortcuts';
import { useCanvasView } from '@/components/graph-builder/use-canvas-view';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { saveBlob } from '@/lib/download';
import { directionOf } from '@/lib/languages';
import { useTheme } from '@/lib/theme';
import { toast } from '@/lib/toast';
import { useUpdateWorkflow, useWorkflowRealtime, type NodeKind, type Workflow } from '@/features/workflows/api/workflows';
import { BuilderCanvas } from '@/features/workflows/components/builder/builder-canvas';
import type { CanvasDecor } from '@/features/workflows/components/builder/canvas-context';
import { EdgeInspector } from '@/features/workflows/components/builder/edge-inspector';
import { ImportDialog } from '@/features/workflows/components/builder/import-dialog';
import { layoutGraph, needsLayout } from '@/features/workflows/components/builder/layout';
import { KIND_LOOKS } from '@/features/workflows/components/builder/node-catalog';
import { NodeInspector } from '@/features/workflows/components/builder/node-inspector';
import type { Placed } from '@/features/workflows/components/builder/problems';
import { ProblemsPanel } from '@/features/workflows/components/builder/problems-panel';
import type { WorkflowDocument } from '@/features/workflows/components/builder/schemas';
import { TestRunPanel } from '@/features/workflows/components/builder/test-run-panel';
import { PALETTE_KINDS } from '@/features/workflows/components/builder/types';
import { clipboard, copySelected, documentKey, graphOf, initState, useBuilderState, type BuilderInit } from '@/features/workflows/components/builder/use-builder-state';
import { fieldProblems, useGraphValidation } from '@/features/workflows/components/builder/use-graph-validation';
import { useTestRun } from '@/features/workflows/components/builder/use-test-run';
import { WorkflowPanel } from '@/features/workflows/components/builder/workflow-panel';

type PanelTab = 'problems' | 'run';

const runDot = (status: string) => (status === 'succeeded' ? 'bg-emerald-500' : status === 'failed' ? 'bg-red-500' : status === 'canceled' ? 'bg-zinc-400' : 'animate-pulse bg-sky-500');

/** The builder's first state: the saved workflow, laid out when it has no layout yet. */
function initFrom(workflow: Workflow, rtl: boolean): BuilderInit {
  const graph = needsLayout(workflow.graph) ? layoutGraph(workflow.graph) : workflow.graph;
  return { graph, trigger: workflow.trigger, name: workflow.name, description: workflow.description, rtl };
}

const fileName = (name: string) => `${name.trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'workflow'}.workflow.json`;

/**
 * The builder of one workflow (inside xyflow's provider): the header (name, version, whether
 * there are unsaved changes, Save, Test run), the toolbar, the palette, the canvas, the inspector
 * of what is selected, and the problems and test run below the canvas.
 */
export function BuilderWorkspace({ workflow: loaded }: { workflow: Workflow }) {
  const { t, i18n } = useTranslation('dashboard');
  const rtl = directionOf(i18n.language) === 'rtl';
  const { theme } = useTheme();
  const view = useCanvasView();
  const [initial] = useState(() => initFrom(loaded, rtl));
  const { state, actions } = useBuilderState(() => initial);
  const [savedKey, setSavedKey] = useState(() => documentKey(initState(initial)));
  const [panel, setPanel] = useState<PanelTab>('problems');
  const [panelOpen, setPanelOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // What the last save answered, until the query brings as new a version.
  const [saved, setSaved] = useState<Workflow | null>(null);
  const workflow = saved && saved.version > loaded.version ? saved : loaded;
  const update = useUpdateWorkflow(workflow.id);
  const live = useWorkflowRealtime(workflow.id);

  useEffect(() => actions.setDirection(rtl), [actions, rtl]);

  const graph = useMemo(() => graphOf(state), [state]);
  const docKey = useMemo(() => documentKey(state), [state]);
  const dirty = docKey !== savedKey;
  const validation = useGraphValidation(graph, state.trigger);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const nodeLabel = useCallback(
    (id: string) => {
      const n = state.nodes.find((x) => x.id === id);
      return n ? n.data.name?.trim() || `${t(`workflowBuilder.kinds.${n.data.kind}.label`)} (${id})` : id;
    },
    [state.nodes, t],
  );

  const save = useCallback(async (): Promise<boolean> => {
    const key = documentKey(stateRef.current);
    const doc = JSON.parse(key) as Required<Omit<WorkflowDocument, 'trigger'>> & Pick<Workflow, 'trigger'>;
    try {
      const saved = await update.mutateAsync({ name: doc.name, description: doc.description, trigger: doc.trigger, graph: doc.graph });
      setSavedKey(key);
      setSaved(saved);
      toast({ title: t('workflowBuilder.save.done', { version: saved.version }), status: 'success' });
      return true;
    } catch (e) {
      const fields = fieldProblems(e);
      if (fields.length) {
        validation.replaceWith(fields, doc.graph);
        setPanel('problems');
        setPanelOpen(true);
      }
      toast({ title: t('workflowBuilder.save.failed'), description: e instanceof Error ? e.message : undefined, status: 'error' });
      return false;
    }
  }, [update, t, validation]);

  const ensureSaved = useCallback(async () => (documentKey(stateRef.current) === savedKey ? true : save()), [save, savedKey]);
  const run = useTestRun(workflow.id, ensureSaved);

  const { fit, fitSoon } = view;

  // Opening or closing the panel below resizes the canvas: every node back in view.
  const panelShown = useRef(panelOpen);
  useEffect(() => {
    if (panelShown.current === panelOpen) return;
    panelShown.current = panelOpen;
    fitSoon();
  }, [panelOpen, fitSoon]);

  const copy = useCallback(() => {
    if (copySelected(stateRef.current)) setAnnouncement(t('workflowBuilder.announce.copied'));
  }, [t]);
  const paste = useCallback(() => {
    const taken = clipboard.take();
    if (!taken) return;
    actions.paste(taken.fragment, taken.times);
    setAnnouncement(t('workflowBuilder.announce.pasted'));
  }, [actions, t]);
  const undo = useCallback(() => {
    actions.undo();
    setAnnouncement(t('workflowBuilder.announce.undone'));
  }, [actions, t]);
  const redo = useCallback(() => {
    actions.redo();
    setAnnouncement(t('workflowBuilder.announce.redone'));
  }, [actions, t]);
  useCanvasShortcuts({ undo, redo, copy, paste, save: () => void save() });

  const layout = () => {
    actions.replace(layoutGraph(graphOf(stateRef.current), measuredSizes(stateRef.current.nodes)));
    fitSoon();
  };

  const addNode = (kind: NodeKind) => {
    const s = stateRef.current;
    const selected = s.nodes.filter((n) => n.selected);
    const after = selected.length === 1 && selected[0].type !== 'end' ? selected[0] : undefined;
    const position = view.placeNew(s.nodes, s.edges, after, rtl);
    actions.addNode(kind, position, after?.id);
    view.reveal(position);
  };

  const exportDocument = () => {
    const doc: WorkflowDocument = { name: state.name, description: state.description, trigger: state.trigger, graph };
    saveBlob(new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' }), fileName(state.name));
  };

  const importDocument = (doc: WorkflowDocument) => {
    const next = needsLayout(doc.graph) ? layoutGraph(doc.graph) : doc.graph;
    actions.replace(next, { trigger: doc.trigger, name: doc.name, description: doc.description ?? undefined });
    setImporting(false);
    toast({ title: t('workflowBuilder.import.done'), status: 'success' });
    fitSoon();
  };

  const show = (p: Placed) => {
    if (p.at.kind === 'node') actions.select([p.at.id]);
    else if (p.at.kind === 'edge') actions.select([], [p.at.id]);
    else if (p.at.kind === 'trigger') {
      const trigger = state.nodes.find((n) => n.type === 'trigger');
      actions.select(trigger ? [trigger.id] : []);
    }
    if (p.at.kind === 'node') view.showNode(p.at.id);
  };

  const startRun = () => {
    setPanel('run');
    setPanelOpen(true);
    void run.start();
  };

  const decor = useMemo<CanvasDecor>(() => ({ problems: validation.problems, steps: run.steps, rtl, dark: theme === 'dark' }), [validation.problems, run.steps, rtl, theme]);
  const selectedNodes = state.nodes.filter((n) => n.selected);
  const selectedEdges = state.edges.filter((e) => e.selected);
  const takenIds = useMemo(() => new Set(state.nodes.map((n) => n.id)), [state.nodes]);
  const webhookUrl = workflow.trigger.type === 'webhook' ? (workflow.webhookUrl ?? null) : null;
  const problemCount = validation.problems.all.length;

  let inspector;
  if (selectedNodes.length === 1 && selectedEdges.length === 0) {
    const node = selectedNodes[0];
    inspector = (
      <NodeInspector
        key={node.id}
        node={node}
        revision={state.revision}
        takenIds={takenIds}
        problems={validation.problems.nodes.get(node.id) ?? []}
        trigger={state.trigger}
        triggerProblems={validation.problems.trigger}
        webhookUrl={webhookUrl}
        onUpdate={actions.updateNode}
        onRename={actions.renameNode}
        onTrigger={actions.setTrigger}
        onDelete={(id) => actions.remove([id], [])}
      />
    );
  } else if (selectedNodes.length === 0 && selectedEdges.length === 1) {
    const edge = selectedEdges[0];
    inspector = (
      <EdgeInspector
        key={`${edge.id}:${state.revision}`}
        edge={edge}
        nodeLabel={nodeLabel}
        problems={validation.problems.edges.get(edge.id) ?? []}
        onLoop={(max) => actions.updateEdge(edge.id, max)}
        onDelete={() => actions.remove([], [edge.id])}
      />
    );
  } else if (selectedNodes.length + selectedEdges.length > 1) {
    inspector = (
      <SelectionPanel
        labels={{
          count: t('workflowBuilder.inspector.selected', { count: selectedNodes.length + selectedEdges.length }),
          hint: t('workflowBuilder.inspector.selectedHint'),
          copy: t('workflowBuilder.inspector.copy'),
          delete: t('workflowBuilder.inspector.deleteSelected'),
        }}
        onCopy={copy}
        onDelete={() =>
          actions.remove(
            selectedNodes.map((n) => n.id),
            selectedEdges.map((e) => e.id),
          )
        }
      />
    );
  } else {
    inspector = (
      <WorkflowPanel
        name={state.name}
        description={state.description}
        trigger={state.trigger}
        revision={state.revision}
        webhookUrl={webhookUrl}
        problems={validation.problems.workflow}
        triggerProblems={validation.problems.trigger}
        onMeta={actions.setMeta}
        onTrigger={actions.setTrigger}
      />
    );
  }

  const inspectorTitle =
    selectedNodes.length === 1 && selectedEdges.length === 0
      ? t('workflowBuilder.inspector.step')
      : selectedEdges.length === 1 && selectedNodes.length === 0
        ? t('workflowBuilder.edge.title')
        : t('workflowBuilder.inspector.workflow');

  return (
    <BuilderFrame
      testId="workflow-builder"
      header={
        <>
          <Link
            to={`/dashboard/workflows/${workflow.id}`}
            className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('workflowBuilder.back')}
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-semibold tracking-tight" dir="auto">
              {state.name.trim() || t('workflowBuilder.untitled')}
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span data-testid="workflow-version">{t('workflowBuilder.version', { version: workflow.version })}</span>
              <span aria-hidden>·</span>
              <span role="status" data-testid="save-state" className={cn(dirty && 'font-medium text-amber-700 dark:text-amber-400')}>
                {dirty ? t('workflowBuilder.unsaved') : t('workflowBuilder.saved')}
              </span>
            </p>
          </div>
          <RealtimeIndicator status={live} />
          <Button variant="secondary" size="sm" onClick={startRun} disabled={run.starting} title={t('workflowBuilder.run.startHint')}>
            {run.starting ? <Spinner className="size-4" /> : <Play aria-hidden className="size-4" />}
            {t('workflowBuilder.run.title')}
          </Button>
          <SaveButton label={t('workflowBuilder.save.button')} savingLabel={t('workflowBuilder.saving')} pending={update.isPending} dirty={dirty} onSave={() => void save()} />
        </>
      }
      toolbar={
        <GraphToolbar
          labels={{
            label: t('workflowBuilder.toolbar.label'),
            undo: t('workflowBuilder.toolbar.undo'),
            redo: t('workflowBuilder.toolbar.redo'),
            layout: t('workflowBuilder.toolbar.layout'),
            fitView: t('workflowBuilder.toolbar.fitView'),
            import: t('workflowBuilder.toolbar.import'),
            export: t('workflowBuilder.toolbar.export'),
          }}
          canUndo={state.history.past.length > 0}
          canRedo={state.history.future.length > 0}
          onUndo={undo}
          onRedo={redo}
          onLayout={layout}
          onFit={fit}
          onImport={() => setImporting(true)}
          onExport={exportDocument}
        />
      }
      announcement={announcement}
      palette={
        <Palette
          title={t('workflowBuilder.palette.title')}
          hint={t('workflowBuilder.palette.hint')}
          items={(state.nodes.some((n) => n.type === 'trigger') ? PALETTE_KINDS : (['trigger', ...PALETTE_KINDS] as const)).map((kind) => ({
            kind,
            label: t(`workflowBuilder.kinds.${kind}.label`),
            description: t(`workflowBuilder.kinds.${kind}.description`),
            look: KIND_LOOKS[kind],
          }))}
          onAdd={addNode}
        />
      }
      canvas={<BuilderCanvas nodes={state.nodes} edges={state.edges} decor={decor} actions={actions} />}
      below={
        <section
          aria-label={t('workflowBuilder.panel.label')}
          data-testid="builder-panel"
          className={cn('relative flex shrink-0 flex-col border-t border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-950', panelOpen && 'h-60')}
        >
          <button
            type="button"
            onClick={() => setPanelOpen((o) => !o)}
            aria-expanded={panelOpen}
            className="absolute end-3 top-2 z-10 inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          >
            {panelOpen ? <ChevronDown aria-hidden className="size-3.5" /> : <ChevronUp aria-hidden className="size-3.5" />}
            {panelOpen ? t('workflowBuilder.panel.hide') : t('workflowBuilder.panel.show')}
          </button>
          <Tabs<PanelTab>
            label={t('workflowBuilder.panel.label')}
            selected={panel}
            onSelect={(id) => {
              setPanel(id);
              setPanelOpen(true);
            }}
            className="flex min-h-0 flex-1 flex-col space-y-0 [&>[role=tabpanel]]:min-h-0 [&>[role=tabpanel]]:flex-1 [&>[role=tabpanel]]:overflow-y-auto [&>[role=tabpanel]]:py-3"
            tabs={[
              {
                id: 'problems',
                title: (
                  <span className="flex items-center gap-1.5">
                    {t('workflowBuilder.problems.title')}
                    {problemCount ? <span className="rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-700 dark:bg-red-950 dark:text-red-300">{problemCount}</span> : null}
                  </span>
                ),
              },
              {
                id: 'run',
                title: (
                  <span className="flex items-center gap-1.5">
                    {t('workflowBuilder.run.title')}
                    {run.run ? <span aria-hidden className={cn('size-2 rounded-full', runDot(run.run.status))} /> : null}
                  </span>
                ),
              },
            ]}
          >
            {(id) =>
              !panelOpen ? null : id === 'problems' ? (
                <ProblemsPanel problems={validation.problems} checking={validation.checking} failed={validation.failed} nodeLabel={nodeLabel} onShow={show} />
              ) : (
                <TestRunPanel
                  input={run.input}
                  onInput={run.setInput}
                  inputError={run.inputError}
                  run={run.run}
                  starting={run.starting}
                  canceling={run.canceling}
                  startError={run.startError}
                  nodeLabel={nodeLabel}
                  onStart={() => void run.start()}
                  onCancel={run.cancel}
                  onClear={run.clear}
                />
              )
            }
          </Tabs>
        </section>
      }
      inspectorTitle={inspectorTitle}
      inspector={inspector}
    >
      <LeavePrompt
        dirty={dirty}
        labels={{ title: t('workflowBuilder.leave.title'), body: t('workflowBuilder.leave.body'), leave: t('workflowBuilder.leave.leave'), stay: t('workflowBuilder.leave.stay') }}
      />
      {importing ? <ImportDialog onImport={importDocument} onClose={() => setImporting(false)} /> : null}
    </BuilderFrame>
  );
}
