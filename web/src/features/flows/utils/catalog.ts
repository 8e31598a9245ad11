import { BookOpen, CircleHelp, Flag, GitBranch, Globe, Headset, ListChecks, MessageSquare, Play, Sparkles, Wrench } from 'lucide-react';
import type { KindLook } from '@/components/graph-builder/palette';
import type { FlowKind, NodeSettings } from '@/features/flows/api/flows';

// Each node type's look (icon, colour), the settings a new node of it starts with (what the
// server needs, empty where the user has to fill it in: the checks then say what is missing), its
// ways out, and a line about what it does.

export const KIND_LOOKS: Record<FlowKind, KindLook> = {
  start: { icon: Play, tile: 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300', color: '#6366f1' },
  message: { icon: MessageSquare, tile: 'bg-sky-100 text-sky-700 dark:bg-sky-500/20 dark:text-sky-300', color: '#0ea5e9' },
  question: { icon: CircleHelp, tile: 'bg-violet-100 text-violet-700 dark:bg-violet-500/20 dark:text-violet-300', color: '#8b5cf6' },
  choice: { icon: ListChecks, tile: 'bg-teal-100 text-teal-700 dark:bg-teal-500/20 dark:text-teal-300', color: '#14b8a6' },
  condition: { icon: GitBranch, tile: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300', color: '#f59e0b' },
  llm: { icon: Sparkles, tile: 'bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-500/20 dark:text-fuchsia-300', color: '#d946ef' },
  knowledge: { icon: BookOpen, tile: 'bg-lime-100 text-lime-800 dark:bg-lime-500/20 dark:text-lime-300', color: '#84cc16' },
  api: { icon: Globe, tile: 'bg-cyan-100 text-cyan-700 dark:bg-cyan-500/20 dark:text-cyan-300', color: '#06b6d4' },
  tool: { icon: Wrench, tile: 'bg-orange-100 text-orange-700 dark:bg-orange-500/20 dark:text-orange-300', color: '#f97316' },
  handoff: { icon: Headset, tile: 'bg-rose-100 text-rose-700 dark:bg-rose-500/20 dark:text-rose-300', color: '#f43f5e' },
  end: { icon: Flag, tile: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200', color: '#71717a' },
};

/** A new node's settings (`id`: the node's, a question keeps its answer under it). */
export function defaultSettings(kind: FlowKind, id: string): NodeSettings {
  switch (kind) {
    case 'message':
      return { text: '' };
    case 'question':
      return { text: '', variable: id, answerType: 'text' };
    case 'choice':
      return {
        text: '',
        choices: [
          { id: 'option_1', label: '' },
          { id: 'option_2', label: '' },
        ],
      };
    case 'condition':
      return { expression: '' };
    case 'llm':
      return { prompt: '' };
    case 'api':
      return { method: 'GET', url: '' };
    case 'tool':
      return { serverId: '', tool: '' };
    case 'knowledge':
    case 'handoff':
    case 'end':
    case 'start':
      return {};
  }
}

/** A way out of a node: `null` is the usual way (an edge without `sourceHandle`). */
export type Way = string | null;

/** The ways a node may be left by, in the order they show on it (the server's `handles_of`). */
export function waysOut(kind: FlowKind, settings: NodeSettings): Way[] {
  switch (kind) {
    case 'condition':
      return ['true', 'false'];
    case 'choice':
      return (settings.choices ?? []).map((c) => c.id);
    case 'question':
      return [null, 'invalid'];
    case 'api':
    case 'tool':
      return [null, 'error'];
    case 'handoff':
    case 'end':
      return [];
    default:
      return [null];
  }
}

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One line about what a node does, from its settings (empty when there is nothing to say yet). */
export function summary(kind: FlowKind, s: NodeSettings): string {
  switch (kind) {
    case 'message':
    case 'question':
    case 'choice':
    case 'handoff':
    case 'end':
      return clip(text(s.text));
    case 'condition':
      return clip(text(s.expression));
    case 'llm':
      return clip(text(s.prompt));
    case 'knowledge':
      return clip(text(s.query));
    case 'api':
      return text(s.url) ? clip(`${s.method ?? 'GET'} ${text(s.url)}`) : '';
    case 'tool':
      return text(s.tool);
    case 'start':
      return '';
  }
}
