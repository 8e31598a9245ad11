import { useParams } from 'react-router';
import { WorkflowBuilder } from '@/features/workflows/components/builder/workflow-builder';

/** /dashboard/workflows/:id/edit: the workflow builder (the canvas, its inspector, test runs). */
export function WorkflowEditRoute() {
  const { id = '' } = useParams();
  return <WorkflowBuilder key={id} workflowId={id} />;
}
