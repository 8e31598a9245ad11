import { FlowBuilder } from '@/features/flows/components/flow-builder';

/** /dashboard/flow: the conversation flow builder (pick an agent in `?agent=`, build its flow, preview it). */
export function FlowRoute() {
  return <FlowBuilder mode="chat" />;
}

/** /dashboard/voice-flows: the same flow with its voice settings, previewed by voice. */
export function VoiceFlowsRoute() {
  return <FlowBuilder mode="voice" />;
}
