import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Ask anyone who has cut out a portrait by hand which part took longest, and the answer is always the hair. A head of hair contains thousands of strands thinner than a pixel, with the background showing through between them. It is the hardest case for every background-removal method, including neural networks — and looking at why tells you a lot about how these models work and what to expect from them.',
  },
  { type: 'h2', text: 'The pixel that is both' },
  {
    type: 'p',
    text: 'A camera sensor records, for each pixel, the average of all the light that landed on it. Where a strand of hair crosses a pixel but does not fill it, the recorded colour is a blend: part hair, part whatever was behind it. Compositors describe this with a simple equation — the observed colour equals alpha times the foreground colour plus one minus alpha times the background colour. Removing a background perfectly means recovering both alpha and the true foreground colour for every one of those mixed pixels, from a single photo. That is an under-determined problem: there are more unknowns than measurements, so any method has to bring in prior knowledge about what hair and edges look like.',
  },
  { type: 'h2', text: 'Segmentation versus matting' },
  {
    type: 'p',
    text: 'Research separates two tasks. Segmentation decides which object each pixel belongs to, and is usually evaluated on hard, binary masks. Matting estimates the fractional alpha of every pixel, and is what visual-effects artists need for hair and smoke. Segmentation models are fast and robust on any photo; matting models are more precise on edges but traditionally needed a hint from the user, such as a rough outline called a trimap.',
  },
  {
    type: 'p',
    text: 'Modern background-removal models sit between the two. A model such as ISNet, from the dichotomous image segmentation (DIS) line of work, is trained on images with very detailed ground-truth outlines and predicts a continuous mask rather than a hard yes or no, so thin structures come out as soft, partial values instead of disappearing. It still works at a fixed input size, 1024 × 1024 pixels in our case, so on a 4,000-pixel photo each mask value initially describes a block of several original pixels.',
  },
  { type: 'h2', text: 'Refining the edge at full resolution' },
  {
    type: 'p',
    text: "Simply enlarging the low-resolution mask gives soft, blurry edges that do not follow the real outline. Edge refinement fixes this by letting the full-resolution photo guide the mask: where the photo has a sharp edge, the mask becomes sharp; where the photo shows fine texture such as hair, the mask follows the texture. Guided filtering is a classic, fast technique for this. It treats the mask, locally, as a linear function of the image's brightness, so mask edges snap to image edges without the halos that plain blurring creates.",
  },
  { type: 'h2', text: 'Colour decontamination, or why halos happen' },
  {
    type: 'p',
    text: "Even with a perfect alpha, there is a second problem. The mixed pixels at the edge still contain some of the old background's colour. Place a portrait shot against a green hedge onto a white page, and the semi-transparent hair now shows a green fringe. This is the halo effect, and it is why some cutouts look fine on the original background and wrong everywhere else.",
  },
  {
    type: 'p',
    text: 'Decontamination estimates the true foreground colour of each edge pixel — typically by borrowing colour from nearby pixels that are confidently foreground — and replaces the contaminated colour with it, keeping the alpha. The refined result Cutout produces has this step applied; the transparent result keeps your original colours untouched, which is what you want when you intend to do your own compositing.',
  },
  {
    type: 'tip',
    title: 'Test on the background you will use',
    text: 'Check a cutout on a background very different from the original — dark hair on white, light hair on black. Halos that are invisible on a checkerboard preview jump out on a contrasting colour.',
  },
  { type: 'h2', text: 'Where models still fail' },
  {
    type: 'ul',
    items: [
      'Hair against a background of the same colour and brightness: there is little signal for any method to use.',
      'Motion blur and heavy depth-of-field blur: the edge is genuinely smeared across many pixels.',
      'Transparent and reflective objects such as glasses and bottles, whose "foreground colour" is mostly the background seen through them.',
      "Very small subjects in a large frame, which occupy only a few pixels at the model's input size. Crop closer before processing.",
    ],
  },
  {
    type: 'p',
    text: 'For most portraits and product photos, a good model plus full-resolution refinement gets edges that would take a skilled retoucher many minutes. For the remaining cases, start from the refined result and touch up by hand — it is still far faster than starting from nothing.',
  },
];
