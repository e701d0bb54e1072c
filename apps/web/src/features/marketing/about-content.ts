import { aboutTexts } from '@cutout/contracts';
import { Heart, Lightbulb, Users } from 'lucide-react';
import type { ContentCard } from './types';

// The about page's story, mission and values (spec §2 About).

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
    icon: Heart,
    title: aboutTexts.values.userCentered,
    body: 'We start from the person with a photo and a deadline. Every screen is measured by how quickly it gets them a result they are happy to publish, and every message tells them plainly what to do next.',
  },
  {
    id: 'innovation',
    icon: Lightbulb,
    title: aboutTexts.values.innovation,
    body: 'We build on published research — segmentation networks, guided filtering, foreground colour estimation — and keep measuring our pipeline against it, so quality improves without making you wait longer.',
  },
  {
    id: 'inclusivity',
    icon: Users,
    title: aboutTexts.values.inclusivity,
    body: 'A tool for everyone: usable with a keyboard and a screen reader, readable in light and dark themes, with a free tier and pay-as-you-go credits instead of a subscription you have to justify.',
  },
];

export const aboutContactText =
  'Questions, ideas, partnership or press enquiries: we read every message and answer within a few working days.';
