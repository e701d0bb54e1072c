import {
  Crosshair,
  Download,
  Heart,
  Layers,
  Lightbulb,
  MousePointerClick,
  ShieldCheck,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../content';

const icons: Record<IconName, LucideIcon> = {
  zap: Zap,
  pointer: MousePointerClick,
  shield: ShieldCheck,
  crosshair: Crosshair,
  layers: Layers,
  download: Download,
  heart: Heart,
  lightbulb: Lightbulb,
  users: Users,
};

/** The icon of a content card, in a tinted circle. Decorative: the card's heading names it. */
export function ContentIcon({ name }: { name: IconName }) {
  const Icon = icons[name];
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15 ring-inset">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
