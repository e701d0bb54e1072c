import { appTexts, contentPageMeta, pagesTexts, type PublicPage } from '@cutout/contracts';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { NotFoundScreen } from '../../features/errors/components/not-found-screen';
import { fetchPageBySlug } from '../../features/pages/api/pages';
import { ContentPageView } from '../../features/pages/components/content-page-view';
import { ApiError } from '../../lib/api-client';
import { toastError } from '../../lib/error-toast';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/content-page';

// Catch-all /{slug} (spec §2 Dynamic content page): the published page at this address, by its
// template; with ?preview=true an admin sees a draft exactly as it will look. Anything else is
// the not-found screen (the server answered the document with 404 already, decision 0092).

type LoaderData = { page: PublicPage | null; failed: boolean };

export async function clientLoader({
  params,
  request,
}: Route.ClientLoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const slug = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const preview = url.searchParams.get('preview') === 'true';
  try {
    return {
      page: await fetchPageBySlug(slug, { preview, signal: request.signal }),
      failed: false,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { page: null, failed: false };
    if (request.signal.aborted) throw error;
    return { page: null, failed: true };
  }
}

export function HydrateFallback() {
  return <LoadingScreen />;
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const page = loaderData?.page;
  if (!page) {
    return pageMeta(
      { title: appTexts.notFound.title, description: appTexts.notFound.message },
      { noindex: true },
    );
  }
  const tags = contentPageMeta(page, window.location.origin);
  return [
    { title: tags.title },
    { name: 'description', content: tags.description },
    ...(tags.keywords ? [{ name: 'keywords', content: tags.keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: tags.canonical },
    { property: 'og:title', content: tags.title },
    { property: 'og:description', content: tags.description },
    { property: 'og:url', content: tags.canonical },
    { property: 'og:type', content: tags.type },
    { property: 'og:site_name', content: appTexts.productName },
    ...(tags.image ? [{ property: 'og:image', content: tags.image }] : []),
    { name: 'twitter:card', content: tags.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: tags.title },
    { name: 'twitter:description', content: tags.description },
    ...(tags.image ? [{ name: 'twitter:image', content: tags.image }] : []),
    ...(page.status !== 'published' ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

/** Removes what the server added to the document for crawlers: the app renders the page now. */
function useDropServerDocument() {
  useEffect(() => {
    for (const el of document.querySelectorAll('[data-server-page]')) el.remove();
  }, []);
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, failed } = loaderData;
  useDropServerDocument();
  useEffect(() => {
    if (failed) void toastError(null, { fallback: pagesTexts.loadPageFailed });
  }, [failed]);
  if (!page) {
    return <NotFoundScreen message={failed ? appTexts.notFound.unavailable : undefined} />;
  }
  return <ContentPageView key={page.id} page={page} />;
}
