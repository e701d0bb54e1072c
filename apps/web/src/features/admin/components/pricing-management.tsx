import {
  formatPrice,
  pageTexts,
  paths,
  type EditablePlan,
  type UpdateAdminPlanBody,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { adminPlansKey, adminPlansQueryOptions, updatePlan } from '../api/admin-subscriptions';
import { adminPricingTexts as t } from '../texts';
import { useErrorToast } from '../../../lib/use-error-toast';
import { TextareaField } from '../../../components/ui/textarea-field';

// Pricing management (docs/decisions/0105): the plans live in the database; /pricing reads
// /api/plans at run time and each new checkout reads the plan row and sends its price to the
// provider (0264), so a saved change is on sale for every checkout started after it.

const number = new Intl.NumberFormat('en-US');

/** "5.15" → 515; null when it is not an amount with at most two decimals. */
export function parsePriceCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

type Draft = {
  name: string;
  description: string;
  price: string;
  credits: string;
  validityDays: string;
  validity: string;
  features: string;
  popular: boolean;
  active: boolean;
  variant: string;
};

const draftOf = (plan: EditablePlan): Draft => ({
  name: plan.name,
  description: plan.description,
  price: (plan.priceCents / 100).toFixed(2),
  credits: String(plan.credits),
  validityDays: plan.validityDays === null ? '' : String(plan.validityDays),
  validity: plan.validity ?? '',
  features: plan.features.join('\n'),
  popular: plan.popular,
  active: plan.active,
  variant: plan.lemonSqueezyVariantId ?? '',
});

/** The fields that changed, as the server takes them; or the first field the browser refuses. */
export function changesOf(
  plan: EditablePlan,
  draft: Draft,
): { body: UpdateAdminPlanBody } | { field: 'price' | 'validityDays'; message: string } {
  const before = draftOf(plan);
  const body: UpdateAdminPlanBody = {};
  if (draft.name !== before.name) body.name = draft.name;
  if (draft.description !== before.description) body.description = draft.description;
  const features = draft.features
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean);
  if (features.join('\n') !== plan.features.join('\n')) body.features = features;
  if (draft.popular !== before.popular) body.popular = draft.popular;
  if (draft.active !== before.active) body.active = draft.active;
  if (draft.validity !== before.validity) body.validity = draft.validity.trim() || null;
  if (plan.billingType === 'one-time') {
    if (draft.price !== before.price) {
      const cents = parsePriceCents(draft.price);
      if (cents === null) return { field: 'price', message: t.priceInvalid };
      body.priceCents = cents;
    }
    if (draft.credits !== before.credits) body.credits = Number(draft.credits);
    if (draft.validityDays !== before.validityDays) {
      const text = draft.validityDays.trim();
      if (text !== '' && !/^\d+$/.test(text)) {
        return { field: 'validityDays', message: t.validityDaysInvalid };
      }
      body.validityDays = text === '' ? null : Number(text);
    }
    if (draft.variant !== before.variant) body.lemonSqueezyVariantId = draft.variant.trim() || null;
  }
  return { body };
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--color-primary)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

function EditPlanDialog({
  plan,
  onOpenChange,
}: {
  plan: EditablePlan;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const sellable = plan.billingType === 'one-time';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFieldError(null);
  };

  const save = useMutation({
    mutationFn: (body: UpdateAdminPlanBody) => updatePlan(plan.id, body),
    onSuccess: async (saved) => {
      // The admin list and the public plans (/pricing in this tab) both change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPlansKey }),
        queryClient.invalidateQueries({ queryKey: ['plans'] }),
      ]);
      onOpenChange(false);
      void loadToast().then((toast) => toast.success(t.saved(saved.name)));
    },
    onError: (error) => void toastError(error, { title: t.saveFailed }),
  });

  const submit = () => {
    const result = changesOf(plan, draft);
    if ('field' in result) {
      setFieldError(result);
      return;
    }
    if (Object.keys(result.body).length === 0) {
      onOpenChange(false);
      return;
    }
    save.mutate(result.body);
  };

  const errorFor = (field: string) =>
    fieldError?.field === field ? fieldError.message : undefined;

  return (
    <Dialog open onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent size="lg">
        <DialogTitle>{t.editPlan(plan.name)}</DialogTitle>
        <DialogDescription>{t.editDescription}</DialogDescription>
        <form
          noValidate
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {!sellable && <p className="text-sm text-muted-foreground">{t.notSold}</p>}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={t.name}>
              {(control) => (
                <Input
                  {...control}
                  value={draft.name}
                  maxLength={60}
                  onChange={(e) => set('name', e.target.value)}
                />
              )}
            </FormField>
            <FormField label={t.price} hint={t.priceHint} error={errorFor('price')}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={draft.price}
                  disabled={!sellable}
                  onChange={(e) => set('price', e.target.value)}
                />
              )}
            </FormField>
          </div>
          <TextareaField
            label={t.description}
            rows={2}
            maxLength={300}
            value={draft.description}
            onValueChange={(value) => set('description', value)}
          />
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField label={t.credits}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  value={draft.credits}
                  disabled={!sellable}
                  onChange={(e) => set('credits', e.target.value)}
                />
              )}
            </FormField>
            <FormField
              label={t.validityDays}
              hint={t.validityDaysHint}
              error={errorFor('validityDays')}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={draft.validityDays}
                  disabled={!sellable}
                  onChange={(e) => set('validityDays', e.target.value)}
                />
              )}
            </FormField>
            <FormField label={t.validityText} hint={t.validityTextHint}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={40}
                  value={draft.validity}
                  onChange={(e) => set('validity', e.target.value)}
                />
              )}
            </FormField>
          </div>
          <TextareaField
            label={t.features}
            rows={4}
            value={draft.features}
            onValueChange={(value) => set('features', value)}
          />
          <FormField label={t.variant} hint={t.variantHint}>
            {(control) => (
              <Input
                {...control}
                value={draft.variant}
                maxLength={100}
                disabled={!sellable}
                onChange={(e) => set('variant', e.target.value)}
              />
            )}
          </FormField>
          <div className="grid gap-2">
            <Check
              label={t.popularLabel}
              checked={draft.popular}
              onChange={(v) => set('popular', v)}
            />
            <Check
              label={t.activeLabel}
              checked={draft.active}
              onChange={(v) => set('active', v)}
            />
          </div>
          <FormDialogFooter
            busy={save.isPending}
            cancelLabel={t.cancel}
            submitLabel={t.save}
            busyLabel={t.saving}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Pricing Management: every plan, on sale or not, each editable. */
export function PricingManagement() {
  const plans = useQuery(adminPlansQueryOptions);
  const [editing, setEditing] = useState<EditablePlan | null>(null);
  useErrorToast(plans.error, { title: t.loadFailed });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {pageTexts.adminPricingManagement.title}
          </h1>
          <p className="mt-2 max-w-3xl text-sm text-muted-foreground">{t.intro}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.pricing} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t.viewPricing}
          </Link>
        </Button>
      </div>

      <Card className="mt-6 overflow-hidden">
        <HorizontalScroll label={pageTexts.adminPricingManagement.title} stickyFirstColumn>
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="bg-subtle text-xs text-muted-foreground">
              <tr>
                {Object.values(t.columns).map((label) => (
                  <th key={label} scope="col" className="px-5 py-3 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {plans.data?.plans.map((plan) => (
                <tr key={plan.id} data-testid="plan-row" data-plan={plan.id}>
                  <td className="px-5 py-3">
                    <div className="flex flex-wrap items-center gap-2 font-medium">
                      {plan.name}
                      {plan.popular && <Badge>{t.popular}</Badge>}
                    </div>
                    <div className="text-xs text-muted-foreground">
                      {t.billingTypes[plan.billingType]} · <code>{plan.id}</code>
                    </div>
                  </td>
                  <td className="px-5 py-3 tabular-nums" data-testid="plan-price">
                    {plan.billingType === 'enterprise' ? t.custom : formatPrice(plan.price)}
                    {plan.pricePerCredit !== undefined && (
                      <div className="text-xs text-muted-foreground">
                        {t.perCredit(formatPrice(plan.pricePerCredit))}
                      </div>
                    )}
                  </td>
                  <td className="px-5 py-3 tabular-nums">
                    {plan.credits < 0 ? t.custom : number.format(plan.credits)}
                  </td>
                  <td className="px-5 py-3">
                    {plan.billingType === 'one-time'
                      ? (plan.validity ?? t.noExpiry)
                      : (plan.validity ?? '—')}
                  </td>
                  <td className="px-5 py-3">
                    {plan.active ? (
                      <Badge className="bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400">
                        {t.active}
                      </Badge>
                    ) : (
                      <Badge variant="outline">{t.inactive}</Badge>
                    )}
                  </td>
                  <td className="px-5 py-3">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t.editPlan(plan.name)}
                      onClick={() => setEditing(plan)}
                    >
                      <Pencil aria-hidden="true" />
                      {t.edit}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </HorizontalScroll>
        {plans.isPending && (
          <p className="flex items-center justify-center gap-2 px-5 py-12 text-sm text-muted-foreground">
            <Spinner /> {t.loading}
          </p>
        )}
      </Card>

      {editing && (
        <EditPlanDialog plan={editing} onOpenChange={(open) => !open && setEditing(null)} />
      )}
    </div>
  );
}
