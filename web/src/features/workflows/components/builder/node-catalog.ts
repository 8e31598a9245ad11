import { Bot, Clock, Flag, GitBranch, Globe, Mail, MessageSquare, Play, Sparkles, Wand2, Wrench } from 'lucide-react';
import type { KindLook } from '@/components/graph-builder/palette';
import type { NodeKind } from '@/features/workflows/api/workflows';

// Each node type's look (icon, colour) and the settings a new node of it starts with: what the
// server needs, empty where the user has to fill it in (the checks then say what is missing).

export const KIND_LOOKS: Record<NodeKind, KindLook> = {
  trigger: { icon: Play, tile: 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300', color: '#6366f1' },
  agent: { icon: Bot, tile: 'bg-violet-100 text-violet-700 dark:bg-violet-500/20 dark:text-violet-300', color: '#8b5cf6' },
  llm: { icon: Sparkles, tile: 'bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-500/20 dark:text-fuchsia-300', color: '#d946ef' },
  http: { icon: Globe, tile: 'bg-sky-100 text-sky-700 dark:bg-sky-500/20 dark:text-sky-300', color: '#0ea5e9' },
  condition: { icon: GitBranch, tile: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300', color: '#f59e0b' },
  transform: { icon: Wand2, tile: 'bg-teal-100 text-teal-700 dark:bg-teal-500/20 dark:text-teal-300', color: '#14b8a6' },
  delay: { icon: Clock, tile: 'bg-orange-100 text-orange-700 dark:bg-orange-500/20 dark:text-orange-300', color: '#f97316' },
  mcp: { icon: Wrench, tile: 'bg-cyan-100 text-cyan-700 dark:bg-cyan-500/20 dark:text-cyan-300', color: '#06b6d4' },
  sms: { icon: MessageSquare, tile: 'bg-lime-100 text-lime-800 dark:bg-lime-500/20 dark:text-lime-300', color: '#84cc16' },
  email: { icon: Mail, tile: 'bg-rose-100 text-rose-700 dark:bg-rose-500/20 dark:text-rose-300', color: '#f43f5e' },
  end: { icon: Flag, tile: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200', color: '#71717a' },
};

/** A new node's settings. */
export function defaultData(kind: NodeKind): Record<string, unknown> {
  switch (kind) {
    case 'agent':
      return { agentId: '', message: '{{ input.message }}' };
    case 'llm':
      return { prompt: '' };
    case 'http':
      return { method: 'GET', url: '' };
    case 'condition':
      return { expression: '' };
    case 'transform':
      return { template: '' };
    case 'delay':
      return { seconds: 60 };
    case 'mcp':
      return { serverId: '', tool: '' };
    case 'sms':
      return { to: '', body: '' };
    case 'email':
      return { to: '', subject: '', body: '' };
    case 'trigger':
    case 'end':
      return {};
  }
}

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One line about what a node does, from its settings (empty when there is nothing to say yet; a delay's seconds are said by the node, in the reader's language). */
export function summary(kind: NodeKind, data: Record<string, unknown>): string {
  switch (kind) {
    case 'http':
      return text(data.url) ? clip(`${text(data.method) || 'GET'} ${text(data.url)}`) : '';
    case 'condition':
      return clip(text(data.expression));
    case 'transform':
      return clip(text(data.template));
    case 'llm':
      return clip(text(data.prompt));
    case 'agent':
      return clip(text(data.message));
    case 'delay':
      return clip(text(data.until));
    case 'mcp':
      return text(data.tool);
    case 'sms':
    case 'email':
      return clip(text(data.to));
    default:
      return '';
  }
}
