import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminUserTexts as t,
  createAdminUserBodySchema,
  updateAdminUserBodySchema,
  type CreateAdminUserBody,
  type UpdateAdminUserBody,
} from '@cutout/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { createAdminUser, deleteAdminUser, updateAdminUser } from '../api/admin-users';
import { adminUsersUiTexts as ui } from '../texts';
import { planOptions, statusOptions } from '../user-options';
import { UserFormDialog, type UserDialogProps } from './user-form-dialog';

/** Add New User (spec §2, §5): Full Name*, Email Address*, Subscription Plan, Account Status. */
export function AddUserDialog({
  open,
  onOpenChange,
  onDone,
}: Omit<UserDialogProps, 'user'> & { open: boolean }) {
  const form = useForm<CreateAdminUserBody, unknown, z.output<typeof createAdminUserBodySchema>>({
    resolver: zodResolver(createAdminUserBodySchema),
    defaultValues: { name: '', email: '', plan: 'free', status: 'active' },
  });
  const { errors } = form.formState;
  return (
    <UserFormDialog
      form={form}
      fields={['name', 'email', 'plan', 'status']}
      send={async (values) => t.created((await createAdminUser(values)).name)}
      failure={{ fallback: t.createFailed }}
      onDone={onDone}
      open={open}
      onOpenChange={onOpenChange}
      title={t.addNewUser}
      description={ui.addDescription}
      submitLabel={ui.create}
      busyLabel={ui.creating}
    >
      <FormField label={t.fullName} error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <FormField label={t.emailAddress} error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="off" {...form.register('email')} />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t.subscriptionPlan}>
          {(control) => <Select {...control} options={planOptions} {...form.register('plan')} />}
        </FormField>
        <FormField label={t.accountStatus}>
          {(control) => (
            <Select {...control} options={statusOptions} {...form.register('status')} />
          )}
        </FormField>
      </div>
    </UserFormDialog>
  );
}

/**
 * Edit Subscription (spec §2, §5): name read-only, plan, image limit, processed (≥ 0). The limit
 * is the balance plus the images processed, so the dialog shows the balance it implies and takes
 * any limit from the images processed upwards, a balance of 0 included (decision 0127).
 */
export function EditSubscriptionDialog({ user, onOpenChange, onDone }: UserDialogProps) {
  const form = useForm<UpdateAdminUserBody, unknown, z.output<typeof updateAdminUserBodySchema>>({
    resolver: zodResolver(updateAdminUserBodySchema),
    defaultValues: {
      plan: user.plan,
      imagesLimit: user.imagesLimit,
      imagesProcessed: user.imagesProcessed,
      reason: '',
    },
  });
  const { errors } = form.formState;
  const [limit, processed] = useWatch({
    control: form.control,
    name: ['imagesLimit', 'imagesProcessed'],
  });
  return (
    <UserFormDialog
      form={form}
      fields={['plan', 'imagesLimit', 'imagesProcessed', 'reason']}
      send={async (values) => t.subscriptionUpdated((await updateAdminUser(user.id, values)).name)}
      failure={{ title: t.updateFailed, fallback: t.updateError }}
      onDone={onDone}
      onOpenChange={onOpenChange}
      title={t.editSubscription}
      description={ui.editDescription}
      submitLabel={ui.save}
      busyLabel={ui.saving}
    >
      <FormField label={ui.nameLabel}>
        {(control) => <Input {...control} value={user.name} readOnly disabled />}
      </FormField>
      <FormField label={t.plan} error={errors.plan?.message}>
        {(control) => <Select {...control} options={planOptions} {...form.register('plan')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={ui.imageLimit} error={errors.imagesLimit?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={Number.isFinite(processed) ? processed : 0}
              step={1}
              inputMode="numeric"
              {...form.register('imagesLimit', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField label={ui.processedCount} error={errors.imagesProcessed?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              {...form.register('imagesProcessed', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground" data-testid="implied-balance">
        {ui.impliedBalance(Number(limit), Number(processed))}
      </p>
      <FormField label={ui.reason} error={errors.reason?.message}>
        {(control) => <Input {...control} {...form.register('reason')} />}
      </FormField>
    </UserFormDialog>
  );
}

/** Delete User: the spec's question, then the account is gone. */
export function DeleteUserDialog({ user, onOpenChange, onDone }: UserDialogProps) {
  const remove = useMutation({
    mutationFn: () => deleteAdminUser(user.id),
    onSuccess: async () => {
      await onDone();
      onOpenChange(false);
      void loadToast().then((toast) => toast.success(t.deleted));
    },
    onError: (error) => void toastError(error, { title: t.deleteFailed, fallback: t.actionError }),
  });
  return (
    <Dialog open onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{t.deleteUser}</DialogTitle>
        <DialogDescription>{t.confirmDelete(user.name)}</DialogDescription>
        <FormDialogFooter
          busy={remove.isPending}
          cancelLabel={ui.cancel}
          submitLabel={ui.delete}
          busyLabel={ui.deleting}
          variant="destructive"
          onConfirm={() => remove.mutate()}
        />
      </DialogContent>
    </Dialog>
  );
}
