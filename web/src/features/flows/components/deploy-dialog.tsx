import { Rocket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import type { Environment, FlowAgent } from '@/features/flows/api/flows';
import { ENVIRONMENTS } from '@/lib/api-enums';

/**
 * Deploying the flow: an environment (production by default) is pointed at the agent's current
 * version, saved first when there are unsaved changes; the channels follow what production runs.
 */
export function DeployDialog({ agent, dirty, pending, onDeploy, onClose }: { agent: FlowAgent; dirty: boolean; pending: boolean; onDeploy: (environment: Environment) => void; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [environment, setEnvironment] = useState<Environment>('production');
  const running = agent.deployments?.find((d) => d.environment === environment);
  return (
    <Dialog title={t('flowBuilder.deploy.title')} description={t('flowBuilder.deploy.description')} closeLabel={t('flowBuilder.deploy.close')} onClose={onClose} dismissable={!pending} className="max-w-lg">
      <div className="space-y-4">
        <SelectField label={t('flowBuilder.deploy.environment')} value={environment} onChange={(e) => setEnvironment(ENVIRONMENTS.find((x) => x === e.target.value) ?? 'production')}>
          {ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {t(`flowBuilder.deploy.environments.${env}`)}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="deploy-running">
          {running ? t('flowBuilder.deploy.running', { version: running.version }) : t('flowBuilder.deploy.notRunning')}
        </p>
        <Notice tone="info">{t('flowBuilder.deploy.channels')}</Notice>
        {dirty ? <Notice tone="warning">{t('flowBuilder.deploy.unsaved')}</Notice> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('flowBuilder.deploy.cancel')}
          </Button>
          <Button onClick={() => onDeploy(environment)} disabled={pending}>
            {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Rocket aria-hidden className="size-4" />}
            {dirty ? t('flowBuilder.deploy.saveAndDeploy') : t('flowBuilder.deploy.confirm', { version: agent.currentVersion })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
