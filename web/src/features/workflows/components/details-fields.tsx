import { useTranslation } from 'react-i18next';
import { FormField, REQUIRED_MARK } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { DESCRIPTION_MAX, NAME_MAX, type Details, type DetailsErrors } from '@/features/workflows/utils/details';

/** A workflow's name (required) and description, with what is wrong with them beside them. */
export function DetailsFields({
  value,
  onChange,
  errors,
  serverErrors = {},
}: {
  value: Details;
  onChange: (next: Details) => void;
  errors: DetailsErrors;
  /** The server's words for a field it refused. */
  serverErrors?: Partial<Record<keyof Details, string>>;
}) {
  const { t } = useTranslation('dashboard');
  const say = (field: keyof Details) => (errors[field] ? t(`workflows.validation.${errors[field]}`, { max: field === 'name' ? NAME_MAX : DESCRIPTION_MAX }) : serverErrors[field]);
  return (
    <div className="space-y-4">
      <FormField
        label={t('workflows.fields.name')}
        required
        className={REQUIRED_MARK}
        dir="auto"
        autoComplete="off"
        maxLength={NAME_MAX * 2}
        value={value.name}
        error={say('name')}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <TextareaField
        label={t('workflows.fields.description')}
        rows={3}
        value={value.description}
        error={say('description')}
        hint={t('workflows.fields.descriptionHint')}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
    </div>
  );
}
