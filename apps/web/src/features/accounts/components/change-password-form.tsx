import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTexts,
  authTexts,
  changePasswordBodySchema,
  type ChangePasswordBody,
} from '@cutout/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loadToast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toastError } from '../../../lib/error-toast';
import { SettingsForm, SettingsSection } from '../../../components/settings-section';
import { changePasswordTexts as texts } from '../texts';
import { PasswordField } from '../../../components/ui/password-field';

/**
 * Change password (spec §2 Admin settings' Security tab and /dashboard/settings; §5): the
 * current password required, the new ones must match, then the one minimum of
 * every new password (8).
 */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordBody, unknown, z.output<typeof changePasswordBodySchema>>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await changePassword(values);
      form.reset();
      void loadToast().then((toast) => toast.success(message || accountTexts.passwordChanged));
    } catch (error) {
      applyFieldErrors(error, form.setError, [
        'currentPassword',
        'newPassword',
        'confirmNewPassword',
      ]);
      void toastError(error, { fallback: authTexts.changePasswordFallback });
    }
  });

  return (
    <SettingsSection title={texts.title} description={texts.description}>
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        submitLabel={texts.submit}
        busyLabel={texts.submitting}
      >
        <PasswordField
          label={texts.current}
          error={errors.currentPassword?.message}
          autoComplete="current-password"
          register={() => form.register('currentPassword')}
        />
        <PasswordField
          label={texts.new}
          error={errors.newPassword?.message}
          hint={texts.hint}
          autoComplete="new-password"
          register={() => form.register('newPassword')}
        />
        <PasswordField
          label={texts.confirm}
          error={errors.confirmNewPassword?.message}
          autoComplete="new-password"
          register={() => form.register('confirmNewPassword')}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
