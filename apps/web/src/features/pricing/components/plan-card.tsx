import { formatPrice, paths, pricingTexts, siteTexts, type Plan } from '@cutout/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

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

/**
 * A free or paid plan (spec §2 Pricing). Checkout is a later issue, so Buy Now is disabled and
 * says so rather than pretending to work.
 */
export function PlanCard({ plan }: { plan: Plan }) {
  const free = plan.billingType === 'free';
  const noteId = `${plan.id}-checkout-note`;
  return (
    <Card
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
      <h2 className="text-lg font-semibold">{plan.name}</h2>
      <p className="mt-1.5 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="text-4xl font-semibold tracking-tight">{formatPrice(plan.price)}</span>
        {free ? (
          <span className="text-sm text-muted-foreground">{pricingTexts.forever}</span>
        ) : null}
      </p>
      <p className="mt-1 h-5 text-sm text-muted-foreground">
        {plan.pricePerCredit !== undefined
          ? `${formatPrice(plan.pricePerCredit)}${pricingTexts.perCredit}`
          : siteTexts.creditsCount(plan.credits)}
      </p>
      <div className="mt-6 flex-1">
        <Features features={plan.features} />
      </div>
      <div className="mt-8">
        {free ? (
          <Button asChild variant="outline" className="w-full">
            <Link to={paths.signUp}>{pricingTexts.signUpForFree}</Link>
          </Button>
        ) : (
          <>
            <Button
              className="w-full"
              variant={plan.popular ? 'primary' : 'outline'}
              disabled
              aria-describedby={noteId}
            >
              {pricingTexts.buyNow}
            </Button>
            <p id={noteId} className="mt-2 text-center text-xs text-muted-foreground">
              {siteTexts.checkoutUnavailable}
            </p>
          </>
        )}
        {plan.validity ? (
          <p className="mt-3 text-center text-xs text-muted-foreground">
            {pricingTexts.validFor(plan.validity)}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

/** Enterprise: custom volume, handled by contacting sales (spec §1). */
export function EnterprisePlan({ plan }: { plan: Plan }) {
  return (
    <Card className="mt-6 flex flex-col border-border shadow-xs gap-6 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
      <div>
        <h2 className="text-lg font-semibold">{plan.name}</h2>
        <p className="mt-1.5 text-sm text-muted-foreground">{plan.description}</p>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <Button asChild variant="outline" size="lg" className="shrink-0">
        <Link to={paths.contact}>{pricingTexts.contactSales}</Link>
      </Button>
    </Card>
  );
}
