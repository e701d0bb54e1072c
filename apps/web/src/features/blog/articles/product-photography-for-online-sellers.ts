import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Shoppers cannot pick up your product, so the photo does the job of the shop counter. The good news is that a convincing product photo needs far less equipment than most sellers think. A recent phone, a window and a few sheets of card will outperform an expensive camera used carelessly. This guide covers a setup that costs almost nothing and produces photos that cut out cleanly and look consistent across a whole catalogue.',
  },
  { type: 'h2', text: 'Light: a big window beats a small lamp' },
  {
    type: 'p',
    text: 'The size of the light source, relative to the product, decides how soft the shadows are. A large window with indirect daylight is a huge, soft source; a desk lamp is a small, harsh one. Put your table beside a window that does not get direct sun, and shoot with the window to one side of the product rather than behind you or behind the product.',
  },
  {
    type: 'ul',
    items: [
      'Direct sun through the window? Tape a sheet of baking paper or a white shower curtain over it to diffuse the light.',
      'Opposite the window, stand a piece of white foam board or card to bounce light back into the shadow side.',
      'Turn off the room lights. Mixing warm bulbs with cool daylight gives colour casts that are hard to correct.',
      'Shoot at the same time of day for a whole batch, so the light stays the same from product to product.',
    ],
  },
  { type: 'h2', text: 'Background: a sweep, not a wall' },
  {
    type: 'p',
    text: 'A sweep is a sheet of paper or card that curves from the table up behind the product, with no visible corner. It gives a seamless backdrop and a soft gradient instead of a hard horizon line. A large sheet of white or light grey card clipped to a box works perfectly for anything up to the size of a shoe box.',
  },
  {
    type: 'p',
    text: 'White is the obvious choice, but a light grey sweep is often better if you plan to remove the background anyway: it separates white products from the backdrop, and it does not bounce as much colour onto the product as a coloured sheet would. Avoid backgrounds the same colour as the product — the model can still separate them, but the edges will need more care.',
  },
  { type: 'h2', text: 'Camera: steady, level and not too close' },
  {
    type: 'ol',
    items: [
      'Use a tripod or a stack of books. A steady phone lets you use a lower ISO, which means less noise and crisper edges.',
      'Step back and zoom in slightly (2× on most phones). Shooting from very close with a wide lens distorts products — bottles bulge and boxes look like trapezoids.',
      'Keep the camera level with the middle of the product for a catalogue look, or slightly above for items usually seen from above, like plates and jewellery.',
      'Tap to focus on the product and lock exposure, so the phone does not brighten or darken between shots.',
      'Leave space around the product. You can crop later; you cannot un-crop a handle that was cut off by the frame.',
    ],
  },
  {
    type: 'tip',
    title: 'Shoot for the cutout',
    text: 'If the photo will have its background removed, keep the whole product inside the frame with a margin, avoid props that touch it, and keep it sharp from front to back. Those three habits matter more to the final cutout than any lighting trick.',
  },
  { type: 'h2', text: 'Consistency sells a catalogue' },
  {
    type: 'p',
    text: 'One great photo looks professional; fifty photos that match look like a brand. Mark the position of the tripod and the product on the table with tape, write down the zoom level, and photograph every product from the same set of angles: front, three-quarter, back, and a detail shot. Name the files as you go — sku-front.jpg, sku-detail.jpg — so nothing gets mixed up when you process them.',
  },
  {
    type: 'p',
    text: "After shooting, remove the backgrounds in one go and place every product on the same background, at the same scale, with the same margin. Marketplace search results put your photos next to your competitors'; a clean, even grid is what makes a shopper trust one shop over another.",
  },
  { type: 'h2', text: 'Common mistakes' },
  {
    type: 'ul',
    items: [
      'Reflections of the photographer in glossy products: shoot from slightly to the side, or hang a white sheet behind the camera.',
      'Dust and fingerprints: wipe the product with a microfibre cloth just before shooting; at full resolution every speck shows.',
      'Over-editing: heavy saturation and sharpening make products look unlike the thing that arrives, and returns cost more than a slightly flat photo.',
    ],
  },
];
