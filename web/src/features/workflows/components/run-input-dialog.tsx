import { Play } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { parseRunInput } from '@/features/workflows/utils/json';

/**
 * "Run": the run's input as JSON (optional: empty is `{}`), checked here before it is sent; the
 * run starts with it and the dialog closes.
 */
export function RunInputDialog({ name, onRun, onClose }: { name: string; onRun: (input: Record<string, unknown>) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseRunInput(text);
    if (!parsed.ok) {
      setError(t(`workflows.runDialog.${parsed.error}`));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await onRun(parsed.value);
      onClose();
    } catch {
      // The toast said why; the input stays, to change and send again.
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={t('workflows.runDialog.title', { name })} description={t('workflows.runDialog.description')} closeLabel={t('workflows.runDialog.close')} onClose={onClose} dismissable={!pending}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextareaField
          label={t('workflows.runDialog.input')}
          rows={8}
          dir="ltr"
          spellCheck={false}
          className="[&_textarea]:font-mono"
          placeholder={'{\n  "name": "Ada"\n}'}
          hint={t('workflows.runDialog.hint')}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('workflows.runDialog.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Play aria-hidden className="size-4" />}
            {t('workflows.runDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
