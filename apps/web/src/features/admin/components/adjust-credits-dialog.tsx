import { zodResolver } from '@hookform/resolvers/zod';
import {
  adjustCreditsBodySchema,
  adminRuleTexts,
  type AdjustCreditsBody,
  type AdminUser,
} from '@cutout/contracts';
import { useForm, useWatch } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { adjustUserCredits } from '../api/admin-users';
import { adminUsersUiTexts as ui } from '../texts';

/**
 * Adjust credits (decision 0127): an amount in or out with a reason; the server writes one
 * ledger row and one audit entry, and refuses a balance below 0.
 */
export function AdjustCreditsDialog({
  user,
  onOpenChange,
  onDone,
}: {
  user: AdminUser;
  onOpenChange: (open: boolean) => void;
  onDone: () => Promise<unknown>;
}) {
  const form = useForm<AdjustCreditsBody>({
    resolver: zodResolver(adjustCreditsBodySchema),
    defaultValues: { amount: 0, reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const after = user.credits + (Number.isFinite(amount) ? amount : 0);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await adjustUserCredits(user.id, values);
      await onDone();
      onOpenChange(false);
      void loadToast().then((toast) => toast.success(ui.adjusted(user.name, values.amount)));
    } catch (error) {
      applyFieldErrors(error, form.setError, ['amount', 'reason']);
      void toastError(error, { title: ui.adjustFailed });
    }
  });
  return (
    <Dialog open onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{ui.adjustCredits}</DialogTitle>
        <DialogDescription>{ui.adjustDescription(user.name, user.credits)}</DialogDescription>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-2 grid gap-4">
          <FormField
            label={ui.adjustAmount}
            error={errors.amount?.message}
            hint={after < 0 ? adminRuleTexts.adjustWhole : ui.balanceAfter(after)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                step={1}
                inputMode="numeric"
                {...form.register('amount', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label={ui.adjustReason} error={errors.reason?.message}>
            {(control) => <Input {...control} {...form.register('reason')} />}
          </FormField>
          <FormDialogFooter
            busy={isSubmitting}
            cancelLabel={ui.cancel}
            submitLabel={ui.adjustSave}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
