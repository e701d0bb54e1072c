import { checkoutTexts, paths, pricingTexts, siteTexts, type Plan } from '@cutout/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadToast } from '../../../lib/toast';
import { formatPlanPrice, type PlanAction } from '../plan-actions';
import { pricingPageTexts } from '../texts';

function Features({ features }: { features: readonly string[] }) {
  return (
    <ul className="space-y-2.5 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}

function signUpToContinue() {
  void loadToast().then((toast) => toast.info(checkoutTexts.signUpToContinue));
}

export interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** This card's checkout is loading. */
  pending?: boolean;
  /** Some checkout is loading: no second one may start. */
  busy?: boolean;
  onBuy?: (plan: Plan) => void;
}

function PlanButton({ plan, action, pending = false, busy = false, onBuy }: PlanCardProps) {
  const variant = plan.popular ? 'primary' : 'outline';
  switch (action) {
    case 'sign-up':
      return (
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.signUp}>{pricingTexts.signUpForFree}</Link>
        </Button>
      );
    case 'current-plan':
      return (
        <Button variant="outline" className="w-full" disabled>
          {pricingTexts.yourCurrentPlan}
        </Button>
      );
    case 'dashboard':
      return (
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.dashboard}>{pricingTexts.signUpForFree}</Link>
        </Button>
      );
    case 'buy-sign-up':
      return (
        <Button asChild variant={variant} className="w-full">
          <Link to={paths.signUp} onClick={signUpToContinue}>
            {pricingTexts.buyNow}
          </Link>
        </Button>
      );
    case 'buy':
    case 'buy-again':
      return (
        <Button
          variant={variant}
          className="w-full"
          disabled={busy}
          aria-busy={pending || undefined}
          onClick={() => onBuy?.(plan)}
        >
          {pending ? <Spinner /> : null}
          {pricingTexts.buyNow}
          {pending ? <span className="sr-only"> {pricingPageTexts.checkoutLoading}</span> : null}
        </Button>
      );
    case 'contact-sales':
      return null;
  }
}

/** A free or paid plan (spec §2 Pricing). */
export function PlanCard(props: PlanCardProps) {
  const { plan } = props;
  const free = plan.billingType === 'free';
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn(
        'relative flex w-full flex-col p-6',
        plan.popular
          ? 'border-primary/60 shadow-lg shadow-primary/10 ring-1 ring-primary/40'
          : 'border-border shadow-xs',
      )}
    >
      {plan.popular ? (
        <Badge variant="primary" className="absolute -top-2.5 left-6">
          {pricingTexts.mostPopular}
        </Badge>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {plan.name}
        </h3>
        {props.action === 'buy-again' ? (
          <Badge variant="outline" data-testid="plan-purchased">
            {pricingTexts.purchased}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1.5 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight" data-testid="plan-price">
          {formatPlanPrice(plan.price, plan.currency)}
        </span>
        {free ? (
          <span className="text-sm text-muted-foreground">{pricingTexts.forever}</span>
        ) : null}
      </p>
      <p className="mt-1 h-5 text-sm text-muted-foreground" data-testid="plan-per-credit">
        {plan.pricePerCredit !== undefined
          ? `${formatPlanPrice(plan.pricePerCredit, plan.currency)}${pricingTexts.perCredit}`
          : siteTexts.creditsCount(plan.credits)}
      </p>
      <div className="mt-6 flex-1">
        <Features features={plan.features} />
      </div>
      <div className="mt-8">
        <PlanButton {...props} />
        {/* Always the line's height, so every card's button sits at the same level. */}
        <p className="mt-3 h-4 text-center text-xs text-muted-foreground">
          {plan.validity ? pricingTexts.validFor(plan.validity) : null}
        </p>
      </div>
    </Card>
  );
}
