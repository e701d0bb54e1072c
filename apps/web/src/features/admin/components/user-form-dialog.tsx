import type { AdminUser } from '@cutout/contracts';
import type { ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { toastError } from '../../../lib/error-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { loadToast } from '../../../lib/toast';
import { adminUsersUiTexts as ui } from '../texts';

/** What a dialog of the user list is given: the user, how to close, and the list's refresh. */
export type UserDialogProps = {
  user: AdminUser;
  onOpenChange: (open: boolean) => void;
  onDone: () => Promise<unknown>;
};

/**
 * A dialog of the user list that sends a form: `send` makes the request and answers the success
 * toast; then the list is refreshed (`onDone`), the form cleared and the dialog closed. On a
 * failure the server's per-field messages go under the fields named in `fields` and `failure`
 * titles the toast. It cannot be closed while the request runs.
 */
export function UserFormDialog<In extends FieldValues, Out>({
  form,
  fields,
  send,
  failure,
  onDone,
  onOpenChange,
  open = true,
  title,
  description,
  submitLabel,
  busyLabel,
  children,
}: Omit<UserDialogProps, 'user'> & {
  form: UseFormReturn<In, unknown, Out>;
  fields: readonly FieldPath<In>[];
  send: (values: Out) => Promise<string>;
  failure: { title?: string; fallback?: string };
  open?: boolean;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  children: ReactNode;
}) {
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const message = await send(values);
      await onDone();
      form.reset();
      onOpenChange(false);
      void loadToast().then((toast) => toast.success(message));
    } catch (error) {
      applyFieldErrors(error, form.setError, fields);
      void toastError(error, failure);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-2 grid gap-4">
          {children}
          <FormDialogFooter
            busy={busy}
            cancelLabel={ui.cancel}
            submitLabel={submitLabel}
            busyLabel={busyLabel}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
