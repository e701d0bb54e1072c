import { pageTexts, paths, pricingTexts } from '@cutout/contracts';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { Button } from '../../components/ui/button';
import { usePlans, usePurchasedPlanIds } from '../../features/payments/api/purchases';
import { useCheckoutReturn } from '../../features/payments/checkout-return';
import { EnterpriseSection } from '../../features/payments/components/enterprise-section';
import { PlanCard } from '../../features/payments/components/plan-card';
import { PricingFaq } from '../../features/payments/components/pricing-faq';
import { planAction } from '../../features/payments/plan-actions';
import { pricingPageTexts } from '../../features/payments/texts';
import { useCheckout } from '../../features/payments/use-checkout';
import { useSession } from '../../lib/auth/session';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.pricing);

export default function PricingRoute() {
  const session = useSession();
  useCheckoutReturn(session);
  const signedIn = session.status === 'signed-in';
  const purchasedPlanIds = usePurchasedPlanIds(signedIn);
  // Test mode is an operator notice: the admin pages' banner says it (issue 26).
  const { plans, contactEmail } = usePlans();
  const { pendingPlanId, buy } = useCheckout();
  // While the session loads (and in the prerendered HTML) the cards show the signed-out view.
  const viewer = { signedIn, purchasedPlanIds };
  const enterprise = plans.find((plan) => plan.billingType === 'enterprise');
  const { validity, cta } = pricingPageTexts;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="flex flex-col items-center text-center [&_p]:mx-auto">
        <PageHeading page={pageTexts.pricing} />
        <p className="mt-4 text-sm font-medium text-primary">{pricingPageTexts.heroNote}</p>
      </div>

      <section aria-labelledby="plans-heading" className="mt-14">
        <h2 id="plans-heading" className="sr-only">
          {pricingPageTexts.plansHeading}
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {plans
            .filter((plan) => plan.billingType !== 'enterprise')
            .map((plan) => (
              <li key={plan.id} className="flex">
                <PlanCard
                  plan={plan}
                  action={planAction(plan, viewer, plans)}
                  pending={pendingPlanId === plan.id}
                  busy={pendingPlanId !== null}
                  onBuy={(chosen) => void buy(chosen)}
                />
              </li>
            ))}
        </ul>
      </section>

      <section
        aria-labelledby="validity-heading"
        className="mx-auto mt-10 flex max-w-3xl gap-4 rounded-2xl border border-border bg-subtle p-5 sm:p-6"
      >
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h2 id="validity-heading" className="font-semibold">
            {validity.title}
          </h2>
          <p className="mt-1 text-sm text-pretty text-muted-foreground">
            {validity.body} {validity.perImage}
          </p>
        </div>
      </section>

      {enterprise ? (
        <EnterpriseSection plan={enterprise} user={session.user} contactEmail={contactEmail} />
      ) : null}

      <PricingFaq />

      <section
        aria-labelledby="cta-heading"
        className="mt-24 rounded-3xl bg-primary/5 px-6 py-12 text-center ring-1 ring-primary/15 ring-inset sm:py-16"
      >
        <h2 id="cta-heading" className="text-3xl font-semibold tracking-tight text-balance">
          {cta.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-muted-foreground">{cta.body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.pricing}>{pricingTexts.viewAllPlans}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact}>{pricingTexts.contactSales}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
