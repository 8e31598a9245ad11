import { createContext, useContext } from 'react';
import type { Step } from '@/features/workflows/api/workflows';
import { noProblems, type ProblemIndex } from '@/features/workflows/components/builder/problems';

// What the canvas's nodes and edges show besides their own settings: the problems found, the
// steps of the test run on screen, and the direction (a right-to-left canvas puts the ways in on
// the right). Kept out of the nodes themselves, so lighting a run up is no change to the graph.

export type CanvasDecor = { problems: ProblemIndex; steps: ReadonlyMap<string, Step>; rtl: boolean; dark: boolean };

export const CanvasDecorContext = createContext<CanvasDecor>({ problems: noProblems(), steps: new Map(), rtl: false, dark: false });

export const useCanvasDecor = () => useContext(CanvasDecorContext);
