import { zodResolver } from '@hookform/resolvers/zod';
import { adjustCreditsBodySchema, adminRuleTexts, type AdjustCreditsBody } from '@cutout/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { adjustUserCredits } from '../api/admin-users';
import { adminUsersUiTexts as ui } from '../texts';
import { UserFormDialog, type UserDialogProps } from './user-form-dialog';

/**
 * Adjust credits (decision 0127): an amount in or out with a reason; the server writes one
 * ledger row and one audit entry, and refuses a balance below 0.
 */
export function AdjustCreditsDialog({ user, onOpenChange, onDone }: UserDialogProps) {
  const form = useForm<AdjustCreditsBody>({
    resolver: zodResolver(adjustCreditsBodySchema),
    defaultValues: { amount: 0, reason: '' },
  });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const after = user.credits + (Number.isFinite(amount) ? amount : 0);
  return (
    <UserFormDialog
      form={form}
      fields={['amount', 'reason']}
      send={async (values) => {
        await adjustUserCredits(user.id, values);
        return ui.adjusted(user.name, values.amount);
      }}
      failure={{ title: ui.adjustFailed }}
      onDone={onDone}
      onOpenChange={onOpenChange}
      title={ui.adjustCredits}
      description={ui.adjustDescription(user.name, user.credits)}
      submitLabel={ui.adjustSave}
    >
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
    </UserFormDialog>
  );
}
