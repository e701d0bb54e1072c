import { zodResolver } from '@hookform/resolvers/zod';
import {
  billingProfileSchema,
  invoiceTexts as t,
  paymentsEndpoints,
  type BillingProfile,
} from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SettingsForm, SettingsSection } from '../../../components/settings-section';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { apiClient } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { applyFieldErrors } from '../../../lib/form-errors';

// The buyer's billing details, printed on the invoices of their next purchases (decision 0126).

const key = ['me', 'billing-profile'] as const;

export function BillingDetailsForm() {
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.call(paymentsEndpoints.billingProfile, { signal }),
  });
  const form = useForm<BillingProfile>({
    resolver: zodResolver(billingProfileSchema),
    defaultValues: { name: '', address: '', vatNumber: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    if (profile.data) form.reset(profile.data);
  }, [profile.data, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiClient.call(paymentsEndpoints.saveBillingProfile, { body: values });
      queryClient.setQueryData(key, saved);
      form.reset(saved);
      void loadToast().then((toast) => toast.success(t.billingSaved));
    } catch (error) {
      applyFieldErrors(error, form.setError, ['name', 'address', 'vatNumber']);
      void toastError(error);
    }
  });
  return (
    <SettingsSection title={t.billingTitle} description={t.billingIntro}>
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        disabled={!profile.data || !isDirty}
        submitLabel={t.billingSave}
      >
        <FormField label={t.billingName} error={errors.name?.message}>
          {(control) => (
            <Input {...control} autoComplete="organization" {...form.register('name')} />
          )}
        </FormField>
        <FormField label={t.billingAddress} error={errors.address?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              autoComplete="street-address"
              {...form.register('address')}
            />
          )}
        </FormField>
        <FormField label={t.vatNumber} error={errors.vatNumber?.message}>
          {(control) => <Input {...control} {...form.register('vatNumber')} />}
        </FormField>
      </SettingsForm>
    </SettingsSection>
  );
}
