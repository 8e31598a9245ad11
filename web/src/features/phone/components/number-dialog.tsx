import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAddPhoneNumber, useUpdatePhoneNumber, type PhoneNumber } from '@/features/phone/api/phone';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import { numberProblem } from '@/features/phone/utils/form';
import { usePhoneError, usePhoneMessage } from '@/features/phone/utils/messages';

type Values = { phoneNumber: string; agentId: string; recordCalls: boolean };

/**
 * "Add number" (a number of my Twilio account, the agent that answers it, whether its calls are
 * recorded) or, given `number`, changing its agent and recording (the number itself stays).
 */
export function NumberDialog({ agents, number, onClose }: { agents: PhoneAgent[]; number?: PhoneNumber; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const msg = usePhoneMessage();
  const say = usePhoneError();
  const add = useAddPhoneNumber();
  const update = useUpdatePhoneNumber();
  const pending = add.isPending || update.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { phoneNumber: number?.phoneNumber ?? '', agentId: number?.agentId ?? agents[0]?.id ?? '', recordCalls: number?.recordCalls ?? false },
  });
  const errors = formState.errors;

  const onError = (e: unknown) => {
    if (!applyServerFieldErrors(e, setError, ['phoneNumber', 'agentId', 'recordCalls'])) setFormError(say(e));
  };
  const submit = handleSubmit((v) => {
    setFormError(null);
    const done = () => {
      toast({ title: number ? t('phone.numbers.saved') : t('phone.numbers.added'), status: 'success' });
      onClose();
    };
    if (number) update.mutate({ id: number.id, changes: { agentId: v.agentId, recordCalls: v.recordCalls } }, { onSuccess: done, onError });
    else add.mutate({ phoneNumber: v.phoneNumber.trim(), agentId: v.agentId, recordCalls: v.recordCalls }, { onSuccess: done, onError });
  });

  return (
    <Dialog
      title={number ? t('phone.numbers.editTitle') : t('phone.numbers.addTitle')}
      description={t('phone.numbers.dialogDescription')}
      closeLabel={t('phone.close')}
      onClose={onClose}
      dismissable={!pending}
      className="max-w-lg"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <FormField
          label={t('phone.fields.number')}
          hint={number ? t('phone.numbers.numberFixed') : t('phone.numbers.numberHint')}
          placeholder="+14155552671"
          autoComplete="off"
          inputMode="tel"
          dir="ltr"
          readOnly={!!number}
          error={msg(errors.phoneNumber?.message)}
          {...register('phoneNumber', { validate: (v) => (number ? undefined : numberProblem(v)) })}
        />
        <SelectField label={t('phone.fields.agent')} hint={t('phone.numbers.agentHint')} error={msg(errors.agentId?.message)} {...register('agentId', { required: 'phone.validation.required' })}>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <Controller
          control={control}
          name="recordCalls"
          render={({ field }) => <Switch label={t('phone.fields.recordCalls')} description={t('phone.numbers.recordHint')} checked={field.value} onChange={field.onChange} />}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('phone.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : number ? <Check aria-hidden className="size-4" /> : <Plus aria-hidden className="size-4" />}
            {number ? t('phone.numbers.save') : t('phone.numbers.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
