import { pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { DocumentationTabs } from '../../features/documentation/components/documentation-tabs';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.documentation);

/** Spec §2 Documentation: four tabs; links to /tutorials, /sign-up, /#editor, /api, /contact. */
export default function DocumentationRoute() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHeading page={pageTexts.documentation} />
      <div className="mt-12">
        <DocumentationTabs />
      </div>
    </div>
  );
}
