import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Every image you process in Cutout comes back in three versions: refined, white background and transparent. They are not three attempts at the same thing — they suit different jobs. Choosing the right one saves you re-exports, keeps file sizes sensible and avoids the most common cutout problem: a subject that looks pasted onto the page.',
  },
  { type: 'h2', text: 'What each result contains' },
  {
    type: 'ul',
    items: [
      "Transparent: your original pixels with the model's mask as the alpha channel, as a PNG. Nothing about the colours has been changed.",
      'Refined: also transparent, but with edges refined against the full-resolution photo and edge colours cleaned of the old background, so it looks right on any new backdrop.',
      'White background: the refined cutout placed on pure white and flattened, with no transparency left.',
    ],
  },
  { type: 'h2', text: 'Use a transparent PNG when…' },
  {
    type: 'ul',
    items: [
      'You will place the subject on something else: a coloured banner, a lifestyle photo, a slide, a flyer.',
      'Designers will work with the image in layout tools, where they need to move it and add shadows themselves.',
      'The image sits on a website whose background colour may change, such as a dark mode or seasonal themes.',
      'You want a master file from which every other version can be made later.',
    ],
  },
  {
    type: 'p',
    text: 'Of the two transparent results, the refined one is the safer default for placing on new backgrounds. Keep the plain transparent result when you want full control — for example, when you will decontaminate edges in your own editing software, or when the original background colour is close to the new one anyway.',
  },
  { type: 'h2', text: 'Use a white background when…' },
  {
    type: 'ul',
    items: [
      'A marketplace requires it for the main image, as Amazon does.',
      'The image goes into a print catalogue, a PDF or an e-mail, where transparency is often flattened unpredictably or not supported at all.',
      'You need a JPEG: JPEG has no alpha channel, so a transparent image saved as JPEG gets a background anyway — often black, which is rarely what you want.',
      'File size matters. A flattened photo compresses far better as JPEG than a transparent PNG does.',
    ],
  },
  {
    type: 'tip',
    title: 'The black-background surprise',
    text: 'If a transparent PNG turns up with a black background somewhere, the software that displayed it dropped the alpha channel. Send the white-background version to that destination instead.',
  },
  { type: 'h2', text: 'File formats in one paragraph' },
  {
    type: 'p',
    text: 'PNG is lossless and stores alpha, so it is ideal for masters and for transparent cutouts, but photographic PNGs are large. WebP stores alpha too, compresses far better, and is supported by every current browser — a good choice for transparent product images on your own website. JPEG has no transparency and is the most widely accepted format everywhere else. A practical rule: keep PNG masters, publish WebP on the web where you control the page, and send JPEG on white anywhere you do not.',
  },
  { type: 'h2', text: 'Making cutouts look natural' },
  {
    type: 'ol',
    items: [
      'Add a shadow. A soft contact shadow directly under the subject anchors it to the surface; without one, objects appear to float.',
      'Match the light. If the new background has light from the left, a subject lit from the right will look wrong no matter how clean the edges are.',
      'Match the colour temperature. Warm up or cool down the cutout slightly to match its new surroundings.',
      'Keep the scale believable. A product placed in a room photo should be the size it would really be in that room.',
    ],
  },
  {
    type: 'p',
    text: 'Download all three results the first time you process an image. It costs nothing extra — one credit covers all three — and it means you will not have to run the photo again when a new use comes up next month.',
  },
];
