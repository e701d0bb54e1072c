import type { ArticleBody } from './article-content';
import { body as apiCatalogue } from './articles/automate-your-catalogue-with-the-api';
import { body as explained } from './articles/background-removal-explained';
import { body as hairAndEdges } from './articles/how-segmentation-models-handle-hair-and-edges';
import { body as marketplaces } from './articles/preparing-images-for-marketplaces';
import { body as productPhotography } from './articles/product-photography-for-online-sellers';
import { body as pngOrWhite } from './articles/transparent-png-or-white-background';

/** The full text of each post in `blogPosts` (contracts), by slug. */
export const articleBodies: Readonly<Record<string, ArticleBody>> = {
  'automate-your-catalogue-with-the-api': apiCatalogue,
  'transparent-png-or-white-background': pngOrWhite,
  'how-segmentation-models-handle-hair-and-edges': hairAndEdges,
  'preparing-images-for-marketplaces': marketplaces,
  'product-photography-for-online-sellers': productPhotography,
  'background-removal-explained': explained,
};
