import { featuresTexts, limits } from '@cutout/contracts';
import { Crosshair, Download, Layers, MousePointerClick, ShieldCheck, Zap } from 'lucide-react';
import type { ContentCard } from './types';

// The features page's cards and its AI segmentation section (spec §2 Features). The pipeline is
// described as packages/engine runs it (decision 0012).

const maxUploadMb = Math.round(limits.maxUploadBytes / (1024 * 1024));

/** Features: the six cards (spec §2 Features). */
export const featureCards: readonly ContentCard[] = [
  {
    id: 'fast',
    icon: Zap,
    title: featuresTexts.cards.lightningFast,
    body: 'Results in a few seconds. The model runs in a pool of workers that is loaded once and reused, so your image goes straight to inference instead of waiting for a model to start.',
  },
  {
    id: 'simple',
    icon: MousePointerClick,
    title: featuresTexts.cards.simpleIntuitive,
    body: 'Drag and drop, click to browse, paste an image URL or try a sample photo. One screen, no settings, and clear messages when something is wrong with a file.',
  },
  {
    id: 'privacy',
    icon: ShieldCheck,
    title: featuresTexts.cards.privacyFirst,
    body: 'Images are processed for you alone: never sold, shared or used for training. Results are deleted automatically after a short retention period, and your account is protected by a hashed password and a secure session cookie.',
  },
  {
    id: 'precision',
    icon: Crosshair,
    title: featuresTexts.cards.precisionEditing,
    body: 'Edges are refined against the original photo at full resolution, so hair, fur and soft outlines follow the real image instead of a blurry, upscaled mask.',
  },
  {
    id: 'batch',
    icon: Layers,
    title: featuresTexts.cards.batchProcessing,
    body: `With credits on your account, process up to ${limits.batchMaxImages} images in one go from the dashboard, follow each one's progress and download everything as a single zip.`,
  },
  {
    id: 'export',
    icon: Download,
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

export const featuresCtaText =
  'Upload a photo, paste a link or pick a sample, and get the refined, white and transparent results side by side.';
