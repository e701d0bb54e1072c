import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Removing a background sounds like one operation, but every tool that does it is really answering a single question for each pixel: how much of this pixel belongs to the subject? The answer is stored as a mask, and everything else — the transparent PNG, the white product shot, the new backdrop — is built from that mask. Understanding the mask explains why some cutouts look perfect and others look pasted on.',
  },
  { type: 'h2', text: 'Masks and the alpha channel' },
  {
    type: 'p',
    text: 'A mask is a greyscale image the same size as the photo. White means "subject", black means "background", and the greys in between mean "partly both". When the mask is attached to the photo as its alpha channel, you get an image that knows its own transparency. PNG and WebP can store that channel; JPEG cannot, which is why a cutout saved as JPEG always ends up on some solid colour.',
  },
  {
    type: 'p',
    text: 'The greys matter more than people expect. A strand of hair, the soft edge of a shadow, the rim of a wine glass or a slightly out-of-focus shoulder are all pixels where the camera recorded a mixture of subject and background. A mask with only black and white forces each of those pixels to be one or the other, and the result is the jagged, cardboard-cutout edge everyone recognises.',
  },
  { type: 'h2', text: 'Why the classic tools struggle' },
  {
    type: 'p',
    text: 'Before neural networks, three techniques did most of the work, and each still has its place:',
  },
  {
    type: 'ul',
    items: [
      'Colour keying (the green screen) removes every pixel close to one colour. It is fast and precise in a studio, but useless on a photo taken in a kitchen, and it leaves a green fringe wherever the screen reflected onto the subject.',
      'The magic wand selects neighbouring pixels of similar colour. It works on flat backgrounds and fails as soon as the subject and the background share a colour — a white shirt on a white wall, a brown dog on a wooden floor.',
      'The pen tool and manual masking are precise and slow. A retoucher can spend ten minutes on a product and an hour on a portrait with loose hair.',
    ],
  },
  {
    type: 'p',
    text: 'All three look at colour, not at meaning. None of them knows that the thing in the middle of the photo is a shoe and that the shoe continues behind its own shadow.',
  },
  { type: 'h2', text: 'What AI segmentation does instead' },
  {
    type: 'p',
    text: 'A segmentation model is a neural network trained on many thousands of images whose masks were drawn carefully by people. During training it learns what foreground objects tend to look like: the outline of a person, the silhouette of a chair, the way a bottle catches light. Given a new photo, it predicts a mask in one pass. Because it has learned shapes and context rather than colours, it can separate a white shirt from a white wall — the shirt has folds, a collar and a person inside it.',
  },
  {
    type: 'p',
    text: "Cutout uses a model from the DIS family (dichotomous image segmentation), which is designed for highly accurate outlines of a single main subject. The photo is scaled to the model's input size, the model predicts a mask, and the mask is scaled back to your original resolution. That last step is where naive pipelines lose quality, so we refine the edges against the full-resolution photo before producing the results.",
  },
  { type: 'h2', text: 'The three results, and why there are three' },
  {
    type: 'ol',
    items: [
      'Transparent: your original pixels with the predicted mask as alpha. Ideal when you will place the subject on something else yourself.',
      "Refined: the same cutout after edge refinement and colour decontamination, so semi-transparent edges stop carrying the old background's colour.",
      'White background: the refined cutout composited over pure white, ready for marketplaces and catalogues that require it.',
    ],
  },
  {
    type: 'tip',
    title: 'When to check by eye',
    text: 'No model is right on every photo. Glass, smoke, fine mesh and subjects that touch the edge of the frame are the usual suspects. Zoom to 100% on the edges before you publish a cutout that matters.',
  },
  { type: 'h2', text: 'Getting the best input' },
  {
    type: 'p',
    text: 'The model does its best work when the subject is clearly separated from its surroundings: in focus, well lit and not cropped by the frame. A plain background is not required, but contrast helps — a dark product on a dark table leaves the model guessing where the table ends. Use the largest original you have; a 600-pixel thumbnail gives the edge refinement very little to work with. And if you shoot your own photos, the next article in this series covers a small-budget setup that cuts out cleanly every time.',
  },
];
