import { homeMarketingTexts, limits } from '@cutout/contracts';
import { MousePointerClick, ShieldCheck, Zap } from 'lucide-react';
import type { ContentCard } from './types';

// The home page's Why cards and comparison (spec §2 Home). Spec-quoted names come from contracts
// (content/home.ts); the prose is ours, and every claim is something the product does — no
// invented benchmark figures (docs/decisions/0060-public-content-conflicts.md).

/** Home: the Why section's three cards (spec §2 Home: fast, simple, privacy). */
export const whyCards: readonly ContentCard[] = [
  {
    id: 'fast',
    icon: Zap,
    title: homeMarketingTexts.why.fast,
    body: 'One upload gives you three finished images in a few seconds. Edge refinement and colour clean-up add only a small fraction on top of the AI model itself, and the editor shows each stage as it happens instead of a spinner that guesses.',
  },
  {
    id: 'simple',
    icon: MousePointerClick,
    title: homeMarketingTexts.why.simple,
    body: 'Drop a file, paste an image URL or pick a sample, then download the refined cutout, the white-background version or the transparent PNG, whichever your shop, slide or profile needs. Where an edge needs a hand, the touch-up brush erases or restores it.',
  },
  {
    id: 'privacy',
    icon: ShieldCheck,
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
