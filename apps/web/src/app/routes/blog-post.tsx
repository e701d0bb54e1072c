import { appTexts } from '@cutout/contracts';
import { NotFoundScreen } from '../../features/errors/components/not-found-screen';
import { pageMeta } from '../../lib/meta';

// /blog/{slug} for a slug no article has: each of the six articles has a route of its own
// (routes/blog/{slug}.tsx, prerendered with its own title, description and social tags), so any
// other slug is the spec's not-found screen.
export const meta = () =>
  pageMeta(
    { title: appTexts.notFound.title, description: appTexts.notFound.message },
    { noindex: true },
  );

export default function UnknownBlogPostRoute() {
  return <NotFoundScreen />;
}
