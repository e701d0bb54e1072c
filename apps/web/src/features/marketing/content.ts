import { aboutTexts, featuresTexts, homeMarketingTexts, limits } from '@cutout/contracts';

// The written content of the home sections, the features page and the about page. Spec-quoted
// names come from contracts (marketing.ts); the prose is ours. Every claim here is something the
// product does: no invented benchmark figures (docs/decisions/0060-public-content-conflicts.md).

const maxUploadMb = Math.round(limits.maxUploadBytes / (1024 * 1024));

export type IconName =
  | 'zap'
  | 'pointer'
  | 'shield'
  | 'crosshair'
  | 'layers'
  | 'download'
  | 'heart'
  | 'lightbulb'
  | 'users';

export type ContentCard = { id: string; icon: IconName; title: string; body: string };

/** Home: the Why section's three cards (spec §2 Home: fast, simple, privacy). */
export const whyCards: readonly ContentCard[] = [
  {
    id: 'fast',
    icon: 'zap',
    title: homeMarketingTexts.why.fast,
    body: 'One upload gives you three finished images in a few seconds. Edge refinement and colour clean-up add only a small fraction on top of the AI model itself, and the editor shows each stage as it happens instead of a spinner that guesses.',
  },
  {
    id: 'simple',
    icon: 'pointer',
    title: homeMarketingTexts.why.simple,
    body: 'Drop a file, paste an image URL or pick a sample. There are no layers, brushes or settings to learn: download the refined cutout, the white-background version or the transparent PNG, whichever your shop, slide or profile needs.',
  },
  {
    id: 'privacy',
    icon: 'shield',
    title: homeMarketingTexts.why.privacy,
    body: 'Your images are used for one thing: removing their background. They are never sold, shared or used to train models, and results are deleted automatically after a short retention period.',
  },
];

export type Rating = 'good' | 'partial' | 'poor';
export type ComparisonApproach = {
  id: 'manual' | 'cutout' | 'otherAi';
  title: string;
  summary: string;
  highlighted: boolean;
  points: readonly { criterion: string; rating: Rating; text: string }[];
};

export const comparisonCriteria = {
  time: 'Time per image',
  skill: 'Skill needed',
  edges: 'Hair and soft edges',
  outputs: 'What you get',
  scale: 'Many images',
} as const;

/** Home: manual editing vs Cutout's AI vs other AI tools — qualitative, nothing we can't back. */
export const comparison: readonly ComparisonApproach[] = [
  {
    id: 'manual',
    title: homeMarketingTexts.comparison.manual,
    summary: 'Pen tool, masks and patience in a photo editor.',
    highlighted: false,
    points: [
      {
        criterion: comparisonCriteria.time,
        rating: 'poor',
        text: 'Minutes for a simple product, much longer for hair or fur.',
      },
      {
        criterion: comparisonCriteria.skill,
        rating: 'poor',
        text: 'An editing application and practice with selections and masks.',
      },
      {
        criterion: comparisonCriteria.edges,
        rating: 'good',
        text: 'As good as the person doing it: full control over every strand.',
      },
      {
        criterion: comparisonCriteria.outputs,
        rating: 'partial',
        text: 'Whatever you export, one version at a time.',
      },
      {
        criterion: comparisonCriteria.scale,
        rating: 'poor',
        text: 'Every image is the same work again.',
      },
    ],
  },
  {
    id: 'cutout',
    title: homeMarketingTexts.comparison.cutout,
    summary: 'A segmentation model plus careful edge finishing, one upload away.',
    highlighted: true,
    points: [
      {
        criterion: comparisonCriteria.time,
        rating: 'good',
        text: 'A few seconds, with live progress through each stage.',
      },
      {
        criterion: comparisonCriteria.skill,
        rating: 'good',
        text: 'None: upload, wait, download.',
      },
      {
        criterion: comparisonCriteria.edges,
        rating: 'good',
        text: 'Edges refined against the full-resolution photo, and the old background colour removed from semi-transparent pixels.',
      },
      {
        criterion: comparisonCriteria.outputs,
        rating: 'good',
        text: 'Three PNGs at once: refined, white background and transparent.',
      },
      {
        criterion: comparisonCriteria.scale,
        rating: 'good',
        text: `Batches of up to ${limits.batchMaxImages} images and a REST API, one credit per image.`,
      },
    ],
  },
  {
    id: 'otherAi',
    title: homeMarketingTexts.comparison.otherAi,
    summary: 'Online removers and built-in "remove background" buttons.',
    highlighted: false,
    points: [
      {
        criterion: comparisonCriteria.time,
        rating: 'good',
        text: 'Usually seconds as well.',
      },
      {
        criterion: comparisonCriteria.skill,
        rating: 'good',
        text: 'Little: most are one click.',
      },
      {
        criterion: comparisonCriteria.edges,
        rating: 'partial',
        text: 'Varies: many return the raw model mask, which can leave a halo of the old background around hair.',
      },
      {
        criterion: comparisonCriteria.outputs,
        rating: 'partial',
        text: 'Often one transparent image; other backgrounds are an extra step.',
      },
      {
        criterion: comparisonCriteria.scale,
        rating: 'partial',
        text: 'Some offer batches or an API, often on a monthly subscription.',
      },
    ],
  },
];

/** Features: the six cards (spec §2 Features). */
export const featureCards: readonly ContentCard[] = [
  {
    id: 'fast',
    icon: 'zap',
    title: featuresTexts.cards.lightningFast,
    body: 'Results in a few seconds. The model runs in a pool of workers that is loaded once and reused, so your image goes straight to inference instead of waiting for a model to start.',
  },
  {
    id: 'simple',
    icon: 'pointer',
    title: featuresTexts.cards.simpleIntuitive,
    body: 'Drag and drop, click to browse, paste an image URL or try a sample photo. One screen, no settings, and clear messages when something is wrong with a file.',
  },
  {
    id: 'privacy',
    icon: 'shield',
    title: featuresTexts.cards.privacyFirst,
    body: 'Images are processed for you alone: never sold, shared or used for training. Results are deleted automatically after a short retention period, and your account is protected by a hashed password and a secure session cookie.',
  },
  {
    id: 'precision',
    icon: 'crosshair',
    title: featuresTexts.cards.precisionEditing,
    body: 'Edges are refined against the original photo at full resolution, so hair, fur and soft outlines follow the real image instead of a blurry, upscaled mask.',
  },
  {
    id: 'batch',
    icon: 'layers',
    title: featuresTexts.cards.batchProcessing,
    body: `With credits on your account, process up to ${limits.batchMaxImages} images in one go from the dashboard, follow each one's progress and download everything as a single zip.`,
  },
  {
    id: 'export',
    icon: 'download',
    title: featuresTexts.cards.multipleExportOptions,
    body: 'Every image comes back three ways: a refined cutout, the subject on clean white, and a transparent PNG — all at the original resolution, named after your file.',
  },
];

export type PipelineStep = { id: string; title: string; body: string };

/** Features: how the AI segmentation works, in the order the pipeline runs. */
export const segmentationIntro =
  'Background removal is a segmentation problem: for every pixel, decide how much of it belongs to the subject. Cutout answers it in four stages, on our servers, for every image you upload.';

export const pipelineSteps: readonly PipelineStep[] = [
  {
    id: 'segment',
    title: 'Segmentation with ISNet',
    body: 'Your image is decoded (JPEG, PNG, WebP and more, with its camera rotation applied), resized to 1024×1024 and passed to ISNet, a neural network trained for dichotomous image segmentation: separating a foreground subject from everything behind it. It returns a soft mask, a value between 0 and 1 for every pixel.',
  },
  {
    id: 'refine',
    title: 'Edge refinement with a guided filter',
    body: 'At 1024×1024 the mask is coarser than your photo, so scaled back up its border is blurry. A guided filter uses the original image as a guide and snaps the mask’s edges to the real edges in the photo. It only works where the model is unsure; solid areas stay solid.',
  },
  {
    id: 'colour',
    title: 'Foreground colour estimation',
    body: 'A strand of hair at the border is partly subject and partly background, and its pixel colour is a mix of both. Cutout estimates the true foreground colour of those pixels and removes the old background from them, so a green wall doesn’t leave a green fringe when you put the subject on white.',
  },
  {
    id: 'outputs',
    title: 'Three outputs',
    body: 'Refined: the subject with the refined edges and cleaned colours on transparency. White background: the refined subject composited over white, ready for a marketplace listing. Transparent: the original pixels with the model’s own mask, for when you want to do your own finishing.',
  },
];

export const segmentationFacts: readonly { label: string; value: string }[] = [
  { label: 'Model', value: 'ISNet' },
  { label: 'Model input', value: '1024×1024' },
  { label: 'Output', value: 'PNG, original size' },
  { label: 'Max upload', value: `${maxUploadMb} MB` },
];

/** About (spec §2 About). */
export const aboutStory: readonly string[] = [
  'Cutout started in 2023 with a small, familiar frustration. One of us was photographing products for a friend’s online shop, and every picture needed its background removed before it could be listed. The tools we tried were either slow, careful work in a photo editor, or quick one-click removers that left a grey halo around anything soft.',
  'We were sure the gap could be closed. Open segmentation models had become good at finding the subject in a photo; what was missing was the careful finishing that a retoucher does by hand — following the real edge of the image, and taking the old background’s colour out of the hair and fur around it.',
  'So we built that finishing step and put it behind the simplest screen we could design. Today Cutout is a remote team spread across five countries, serving photographers, sellers and teams who need clean images without the afternoon in an editor.',
];

export const aboutMission =
  'Make a clean, professional cutout something anyone can get in seconds — accurate to the last strand of hair, honest about what happens to your images, and priced per image so you only pay for what you use.';

export const aboutValues: readonly ContentCard[] = [
  {
    id: 'user-centered',
    icon: 'heart',
    title: aboutTexts.values.userCentered,
    body: 'We start from the person with a photo and a deadline. Every screen is measured by how quickly it gets them a result they are happy to publish, and every message tells them plainly what to do next.',
  },
  {
    id: 'innovation',
    icon: 'lightbulb',
    title: aboutTexts.values.innovation,
    body: 'We build on published research — segmentation networks, guided filtering, foreground colour estimation — and keep measuring our pipeline against it, so quality improves without making you wait longer.',
  },
  {
    id: 'inclusivity',
    icon: 'users',
    title: aboutTexts.values.inclusivity,
    body: 'A tool for everyone: usable with a keyboard and a screen reader, readable in light and dark themes, with a free tier and pay-as-you-go credits instead of a subscription you have to justify.',
  },
];

export const aboutContactText =
  'Questions, ideas, partnership or press enquiries: we read every message and answer within a few working days.';

export const featuresCtaText =
  'Upload a photo, paste a link or pick a sample, and get the refined, white and transparent results side by side.';
