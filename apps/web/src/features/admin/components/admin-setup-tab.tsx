import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountTexts,
  adminCredentialsBodySchema,
  type AdminCredentialsBody,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { sessionQueryKey } from '../../../lib/auth/session';
import { loadToast } from '../../../lib/toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { toastError } from '../../../lib/error-toast';
import { adminSetupQueryOptions, clearAllUsers, setAdminCredentials } from '../api/admin-setup';
import { adminSettingsTexts } from '../texts';
import { SettingsForm, SettingsSection } from '../../../components/settings-section';
import { PasswordField } from '../../../components/ui/password-field';

const texts = adminSettingsTexts.setup;

function CurrentAdmin() {
  const setup = useQuery(adminSetupQueryOptions);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border bg-subtle p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <ShieldCheck aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted-foreground">{texts.currentAdmin}</p>
        <p className="truncate text-sm font-medium" data-testid="current-admin-email">
          {setup.isPending ? '…' : setup.isError ? '—' : setup.data.email}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{texts.passwordNotShown}</p>
      </div>
    </div>
  );
}

function AdminCredentialsForm() {
  const queryClient = useQueryClient();
  const form = useForm<AdminCredentialsBody, unknown, z.output<typeof adminCredentialsBodySchema>>({
    resolver: zodResolver(adminCredentialsBodySchema),
    defaultValues: { currentPassword: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await setAdminCredentials(values);
      form.reset();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminSetupQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]);
      void loadToast().then((toast) =>
        toast.success(message || accountTexts.adminCredentialsSaved),
      );
    } catch (error) {
      applyFieldErrors(error, form.setError, ['currentPassword', 'email', 'password']);
      void toastError(error, { title: texts.saveFailed, fallback: texts.saveFailed });
    }
  });

  return (
    <SettingsForm
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={texts.submit}
      busyLabel={texts.submitting}
      className="mt-5"
    >
      <PasswordField
        label={texts.currentPassword}
        error={errors.currentPassword?.message}
        autoComplete="current-password"
        register={() => form.register('currentPassword')}
      />
      <FormField label={texts.email} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
        )}
      </FormField>
      <PasswordField
        label={texts.password}
        error={errors.password?.message}
        autoComplete="new-password"
        register={() => form.register('password')}
      />
    </SettingsForm>
  );
}

function ClearUsers() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const clear = useMutation({
    mutationFn: clearAllUsers,
    onSuccess: async ({ deleted }) => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      void loadToast().then((toast) => toast.success(texts.cleared(deleted)));
    },
    onError: (error) => {
      void toastError(error, { title: texts.clearFailed, fallback: texts.clearFailed });
    },
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !clear.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="border-red-500/40 text-red-600 hover:bg-red-500/10 dark:text-red-400"
        >
          <Trash2 aria-hidden="true" />
          {texts.clearButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{texts.confirmTitle}</DialogTitle>
        <DialogDescription>{texts.confirmDescription}</DialogDescription>
        <FormDialogFooter
          busy={clear.isPending}
          cancelLabel={texts.cancel}
          submitLabel={texts.confirm}
          busyLabel={texts.clearing}
          variant="destructive"
          onConfirm={() => clear.mutate()}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Admin Setup tab (spec §2 Admin): who the admin is, set the credentials, clear all users. */
export function AdminSetupTab() {
  return (
    <div className="grid gap-6">
      <SettingsSection title={texts.credentialsTitle} description={texts.credentialsDescription}>
        <CurrentAdmin />
        <AdminCredentialsForm />
      </SettingsSection>
      <SettingsSection title={texts.clearTitle} description={texts.clearDescription} tone="danger">
        <ClearUsers />
      </SettingsSection>
    </div>
  );
}
