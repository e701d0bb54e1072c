import { siteTexts, type PageText } from '@cutout/contracts';

type MetaDescriptor =
  { title: string } | { name: string; content: string } | { property: string; content: string };

/** Title, description and social-sharing tags of a page, rendered into its prerendered HTML. */
export function pageMeta(page: PageText, options: { noindex?: boolean } = {}): MetaDescriptor[] {
  const title = siteTexts.documentTitle(page.title);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Cutout' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ];
  // Signed-in, admin and not-found screens have nothing a search engine should list.
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
