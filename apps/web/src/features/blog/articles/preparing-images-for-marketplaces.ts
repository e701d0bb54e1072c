import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Every marketplace has rules for product images, and the main image — the one shown in search results — usually has the strictest ones. A listing that breaks them may be suppressed from search, flagged for review or simply look worse than its neighbours. The exact requirements change from time to time, so always check the current seller guidelines of each platform; what follows are the patterns they share and a workflow that satisfies all of them at once.',
  },
  { type: 'h2', text: 'What the main image usually has to be' },
  {
    type: 'ul',
    items: [
      'On a pure white background. Amazon is the best-known example: the main image must sit on white (RGB 255, 255, 255), and a light grey that looks white on your screen does not count.',
      'The product alone: no props that are not included in the sale, no text, no watermarks, no logos other than those on the product itself.',
      'Filling most of the frame. Many platforms expect the product to occupy around 85% of the image, so it does not look tiny in a grid of thumbnails.',
      'Large enough to zoom. A longest side of 1,000 pixels or more enables zoom on several marketplaces; 2,000 pixels gives room for crisp detail.',
      'A real photo of the product, not an illustration or a render that hides what arrives.',
    ],
  },
  {
    type: 'p',
    text: 'Etsy and Shopify themes are more relaxed about backgrounds — lifestyle photos often perform well there — but they crop thumbnails to fixed shapes, usually square or 4:3. A consistent framing across your shop still matters, and a clean cutout is the easiest way to get it.',
  },
  { type: 'h2', text: 'A workflow that meets every platform' },
  {
    type: 'ol',
    items: [
      'Shoot with margin around the product and keep the originals at full resolution.',
      'Remove the background and keep the transparent PNG as your master file. From it you can make any background later without cutting out again.',
      'Use the white-background result for marketplace main images. Check that the white really is pure white — our white_bg result is composited on exactly 255, 255, 255.',
      'Crop to a square canvas and scale the product so it fills about 85% of the longer side, centred, with equal margins.',
      'Export at 2,000 × 2,000 pixels as a high-quality JPEG (quality 85–90) for the marketplace, which keeps files small and loads fast.',
      'Name files with the SKU and the view, and keep the same order of views on every listing.',
    ],
  },
  {
    type: 'tip',
    title: 'Keep a shadow, or not?',
    text: 'A cutout floating on white can look slightly unreal. A soft, subtle shadow under the product helps it sit on the page, and most platforms accept one on the main image as long as the background stays white. Be consistent: either every product has a shadow or none does.',
  },
  { type: 'h2', text: 'Secondary images are where you sell' },
  {
    type: 'p',
    text: 'The main image earns the click; the other images close the sale. Use them for what the white cutout cannot show: the product in use, its size next to a familiar object, close-ups of materials and stitching, the label, the packaging, and a photo of everything included in the box. Marketplaces are much more flexible here, and transparent cutouts let you build these quickly — place the product on a coloured panel with a short caption, or on a photo of a real room.',
  },
  { type: 'h2', text: 'A pre-upload checklist' },
  {
    type: 'ul',
    items: [
      'Background is pure white on the main image (check with a colour picker, not your eyes).',
      'No halo or coloured fringe around the edges at 100% zoom.',
      'Product fills most of the frame and is centred.',
      'At least 1,000 pixels on the longest side, preferably 2,000.',
      'No text, badges or watermarks on the main image.',
      'Colours match the real product under daylight.',
      'File names and view order are the same across the catalogue.',
    ],
  },
  {
    type: 'p',
    text: 'If you have hundreds of listings to prepare, doing all of this by hand stops being realistic. Our article on automating a catalogue with the API shows how to script the whole pipeline.',
  },
];
