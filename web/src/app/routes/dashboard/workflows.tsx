import { useParams } from 'react-router';
import { CreateWorkflow } from '@/features/workflows/components/create-workflow';
import { OrchestrationDashboard } from '@/features/workflows/components/orchestration-dashboard';
import { WorkflowDetail } from '@/features/workflows/components/workflow-detail';
import { WorkflowsList } from '@/features/workflows/components/workflows-list';

/** /dashboard/workflows: my workflows. */
export function WorkflowsRoute() {
  return <WorkflowsList />;
}

/** /dashboard/workflows/create(?start=template|ai): blank, from a template, or from the AI generator. */
export function WorkflowCreateRoute() {
  return <CreateWorkflow />;
}

/** /dashboard/workflows/:id(?tab=runs|versions&run=<id>). */
export function WorkflowRoute() {
  const { id = '' } = useParams();
  // Keyed so another workflow's page starts fresh.
  return <WorkflowDetail key={id} id={id} />;
}

/** /dashboard/orchestration: what runs now across my workflows and agents. */
export function OrchestrationRoute() {
  return <OrchestrationDashboard />;
}
