import { pageTexts, plans } from '@cutout/contracts';
import { PageHeading } from '../../components/page-placeholder';
import { EnterprisePlan, PlanCard } from '../../features/pricing/components/plan-card';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.pricing);

export default function PricingRoute() {
  const enterprise = plans.find((plan) => plan.billingType === 'enterprise');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHeading page={pageTexts.pricing} />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {plans
          .filter((plan) => plan.billingType !== 'enterprise')
          .map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
      </ul>
      {enterprise ? <EnterprisePlan plan={enterprise} /> : null}
    </div>
  );
}
