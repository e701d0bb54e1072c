import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTypes,
  updateProfileBodySchema,
  type UpdateProfileBody,
  type UserProfile,
} from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SettingsForm, SettingsSection } from '../../../components/settings-section';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { sessionQueryKey } from '../../../lib/auth/session';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { meQueryKey, useMe } from '../api/me';
import { updateProfile } from '../api/update-profile';
import { profileTexts as texts } from '../texts';

/** /dashboard/settings Profile: name and account type; the e-mail is shown, not edited. */
export function ProfileForm() {
  const me = useMe();
  const queryClient = useQueryClient();
  const form = useForm<UpdateProfileBody, unknown, z.output<typeof updateProfileBodySchema>>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: '', accountType: 'personal' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const profile = me.data;
  useEffect(() => {
    if (profile) form.reset({ name: profile.name, accountType: profile.accountType });
  }, [profile, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await updateProfile(values);
      queryClient.setQueryData<UserProfile>(meQueryKey, updated);
      // The header shows the name from the session.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void loadToast().then((toast) => toast.success(texts.saved));
    } catch (error) {
      void toastError(error, { fallback: texts.saveFailed });
    }
  });

  return (
    <SettingsSection title={texts.title} description={texts.description}>
      {me.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{texts.loadFailed}</p>
      ) : (
        <SettingsForm
          onSubmit={onSubmit}
          busy={isSubmitting}
          disabled={!profile || !isDirty}
          submitLabel={texts.save}
          busyLabel={texts.saving}
        >
          <div className="grid gap-1">
            <span className="text-sm font-medium">{texts.email}</span>
            <span className="text-sm break-all text-muted-foreground">{profile?.email ?? '…'}</span>
          </div>
          <FormField label={texts.name} error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm leading-none font-medium">{texts.accountType}</legend>
            <div className="flex flex-wrap gap-3">
              {accountTypes.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                >
                  <input
                    type="radio"
                    value={type}
                    className="accent-primary"
                    {...form.register('accountType')}
                  />
                  {texts.accountTypes[type]}
                </label>
              ))}
            </div>
          </fieldset>
        </SettingsForm>
      )}
    </SettingsSection>
  );
}
