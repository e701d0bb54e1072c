import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminPaymentsEndpoints,
  businessDetailsSchema,
  invoiceTexts as t,
  type BusinessDetails,
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

// Admin → Settings → Business details: the seller on every invoice and credit note (0126).

const key = ['admin', 'business-details'] as const;
const fields = [
  'legalName',
  'address',
  'taxNumber',
  'contactEmail',
  'taxRatePercent',
  'taxLabel',
] as const;

export function BusinessDetailsTab() {
  const queryClient = useQueryClient();
  const details = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.call(adminPaymentsEndpoints.businessDetails, { signal }),
  });
  const form = useForm<BusinessDetails>({
    resolver: zodResolver(businessDetailsSchema),
    defaultValues: {
      legalName: '',
      address: '',
      taxNumber: '',
      contactEmail: '',
      taxRatePercent: 0,
      taxLabel: 'VAT',
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    if (details.data) form.reset(details.data);
  }, [details.data, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiClient.call(adminPaymentsEndpoints.saveBusinessDetails, {
        body: values,
      });
      queryClient.setQueryData(key, saved);
      form.reset(saved);
      void loadToast().then((toast) => toast.success(t.saved));
    } catch (error) {
      applyFieldErrors(error, form.setError, [...fields]);
      void toastError(error);
    }
  });
  const incomplete = details.data && (!details.data.legalName || !details.data.address);
  return (
    <SettingsSection title={t.businessTitle} description={t.businessIntro}>
      {incomplete ? (
        <p className="mb-4 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3 text-sm">
          {t.incomplete}
        </p>
      ) : null}
      <SettingsForm
        onSubmit={onSubmit}
        busy={isSubmitting}
        disabled={!details.data || !isDirty}
        submitLabel={t.save}
        width="lg"
      >
        <FormField label={t.legalName} error={errors.legalName?.message}>
          {(control) => (
            <Input {...control} autoComplete="organization" {...form.register('legalName')} />
          )}
        </FormField>
        <FormField label={t.address} error={errors.address?.message}>
          {(control) => <Textarea {...control} rows={3} {...form.register('address')} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t.taxNumber} error={errors.taxNumber?.message}>
            {(control) => <Input {...control} {...form.register('taxNumber')} />}
          </FormField>
          <FormField label={t.contactEmail} error={errors.contactEmail?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                {...form.register('contactEmail')}
              />
            )}
          </FormField>
          <FormField label={t.taxRate} error={errors.taxRatePercent?.message} hint={t.taxRateHint}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                max={100}
                step={0.01}
                inputMode="decimal"
                {...form.register('taxRatePercent', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label={t.taxLabel} error={errors.taxLabel?.message}>
            {(control) => <Input {...control} {...form.register('taxLabel')} />}
          </FormField>
        </div>
      </SettingsForm>
    </SettingsSection>
  );
}
