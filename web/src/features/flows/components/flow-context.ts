import { createContext, useContext } from 'react';
import { noFlowProblems, type FlowProblems } from '@/features/flows/utils/problems';

// What the canvas's nodes and edges show besides their own settings: the problems found, the node
// the preview's conversation stopped at, and the direction (a right-to-left canvas puts the ways
// in on the right). Kept out of the nodes themselves, so following the preview changes no graph.

export type FlowDecor = { problems: FlowProblems; current: string | null; rtl: boolean; dark: boolean };

export const FlowDecorContext = createContext<FlowDecor>({ problems: noFlowProblems(), current: null, rtl: false, dark: false });

export const useFlowDecor = () => useContext(FlowDecorContext);
