import type { BlogArtKind } from '@cutout/contracts';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

// The posts' pictures, drawn as inline SVG: nothing is downloaded, they scale without blur and
// follow the theme. Each is 16:9 (viewBox 320 × 180) and sized by its container.

type Ids = { checker: string; glow: string; fade: string };

function Checkerboard({
  id,
  x,
  y,
  w,
  h,
}: {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}) {
  return <rect x={x} y={y} width={w} height={h} fill={`url(#${id})`} />;
}

function Cutout({ ids }: { ids: Ids }) {
  // A scene split down the middle: the original on the left, the subject cut out on the right.
  return (
    <>
      <rect x="40" y="28" width="120" height="124" rx="10" fill="#bfdbfe" />
      <path d="M40 120 Q70 96 100 118 T160 112 V152 H40 Z" fill="#86efac" />
      <circle cx="68" cy="54" r="10" fill="#fde68a" />
      <Checkerboard id={ids.checker} x={160} y={28} w={120} h={124} />
      <rect x="160" y="28" width="120" height="124" rx="0" fill="none" />
      <g>
        <ellipse cx="160" cy="82" rx="26" ry="30" fill="#fb923c" />
        <circle cx="160" cy="46" r="17" fill="#fdba74" />
        <path d="M134 152 Q136 108 160 106 Q184 108 186 152 Z" fill="#f97316" />
      </g>
      <line
        x1="160"
        y1="20"
        x2="160"
        y2="160"
        stroke="white"
        strokeWidth="3"
        strokeDasharray="6 5"
      />
      <rect
        x="40"
        y="28"
        width="240"
        height="124"
        rx="10"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.15"
      />
    </>
  );
}

function Product() {
  // A phone on a tripod photographing a mug in front of a paper sweep, lit from a window.
  return (
    <>
      <path d="M150 40 H290 V150 H150 Q150 120 180 112 H290" fill="#f8fafc" stroke="#e2e8f0" />
      <rect x="150" y="40" width="140" height="110" fill="#f8fafc" opacity="0.9" />
      <path d="M150 150 Q150 112 190 110 H290 V150 Z" fill="#e2e8f0" />
      <g>
        <rect x="205" y="88" width="40" height="44" rx="6" fill="#6366f1" />
        <path d="M245 98 q16 0 16 12 q0 12 -16 12" fill="none" stroke="#6366f1" strokeWidth="6" />
        <ellipse cx="225" cy="134" rx="26" ry="4" fill="#0f172a" opacity="0.12" />
      </g>
      <g>
        <rect
          x="24"
          y="30"
          width="56"
          height="70"
          rx="4"
          fill="#fef9c3"
          stroke="#facc15"
          strokeWidth="2"
        />
        <line x1="52" y1="30" x2="52" y2="100" stroke="#facc15" strokeWidth="2" />
        <line x1="24" y1="65" x2="80" y2="65" stroke="#facc15" strokeWidth="2" />
        <path d="M80 40 L200 80 L200 130 L80 96 Z" fill="#fde68a" opacity="0.25" />
      </g>
      <g stroke="#334155" strokeWidth="3" strokeLinecap="round">
        <line x1="110" y1="112" x2="92" y2="160" />
        <line x1="110" y1="112" x2="128" y2="160" />
        <line x1="110" y1="112" x2="110" y2="162" />
      </g>
      <rect x="98" y="80" width="26" height="40" rx="5" fill="#1e293b" />
      <circle cx="118" cy="88" r="3" fill="#94a3b8" />
    </>
  );
}

function Marketplace() {
  // A grid of listings, one highlighted, and a checklist beside it.
  const cards = [0, 1, 2, 3, 4, 5];
  return (
    <>
      {cards.map((i) => {
        const x = 30 + (i % 3) * 62;
        const y = 26 + Math.floor(i / 3) * 68;
        const active = i === 1;
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width="54"
              height="60"
              rx="6"
              fill="white"
              stroke={active ? '#6366f1' : '#e2e8f0'}
              strokeWidth={active ? 3 : 1.5}
            />
            <rect
              x={x + 12}
              y={y + 8}
              width="30"
              height="28"
              rx="4"
              fill={active ? '#818cf8' : '#cbd5e1'}
            />
            <rect x={x + 8} y={y + 42} width="38" height="4" rx="2" fill="#cbd5e1" />
            <rect
              x={x + 8}
              y={y + 50}
              width="22"
              height="4"
              rx="2"
              fill={active ? '#22c55e' : '#e2e8f0'}
            />
          </g>
        );
      })}
      <g>
        <rect
          x="226"
          y="26"
          width="70"
          height="128"
          rx="8"
          fill="white"
          stroke="#e2e8f0"
          strokeWidth="1.5"
        />
        {[0, 1, 2, 3, 4].map((i) => (
          <g key={i}>
            <circle cx="240" cy={46 + i * 23} r="6" fill="#22c55e" />
            <path
              d={`M237 ${46 + i * 23} l2.5 2.5 l4.5 -5`}
              fill="none"
              stroke="white"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
            <rect
              x="252"
              y={43 + i * 23}
              width={34 - (i % 2) * 10}
              height="5"
              rx="2.5"
              fill="#cbd5e1"
            />
          </g>
        ))}
      </g>
    </>
  );
}

function Hair({ ids }: { ids: Ids }) {
  // A portrait silhouette with flowing strands, and a zoomed grid of partly transparent pixels.
  const strands = Array.from({ length: 14 }, (_, i) => i);
  return (
    <>
      <Checkerboard id={ids.checker} x={24} y={20} w={150} h={140} />
      <g>
        {strands.map((i) => {
          const dir = i < 7 ? -1 : 1;
          const x = dir < 0 ? 78 + i * 2 : 122 - (i - 7) * 2;
          return (
            <path
              key={i}
              d={`M${x} 62 q${dir * (10 + (i % 4) * 4)} 36 ${dir * (6 + (i % 3) * 5)} ${74 + (i % 4) * 6}`}
              fill="none"
              stroke="#92400e"
              strokeWidth="1.2"
              opacity={0.35 + (i % 5) * 0.12}
            />
          );
        })}
        <path d="M70 160 Q72 112 100 104 Q128 112 130 160 Z" fill="#4f46e5" />
        <circle cx="100" cy="74" r="24" fill="#fcd34d" />
        <path
          d="M74 78 Q70 40 100 40 Q132 40 126 80 Q122 58 100 56 Q80 58 74 78 Z"
          fill="#92400e"
        />
      </g>
      <rect x="124" y="84" width="24" height="24" fill="none" stroke="#6366f1" strokeWidth="2" />
      <line x1="148" y1="84" x2="200" y2="36" stroke="#6366f1" strokeWidth="1.5" />
      <line x1="148" y1="108" x2="200" y2="144" stroke="#6366f1" strokeWidth="1.5" />
      <g>
        {Array.from({ length: 36 }, (_, i) => {
          const col = i % 6;
          const row = Math.floor(i / 6);
          const alpha = Math.max(
            0,
            Math.min(1, 1.15 - col * 0.2 + ((row * 7 + col * 3) % 5) * 0.06),
          );
          return (
            <rect
              key={i}
              x={200 + col * 18}
              y={36 + row * 18}
              width="17"
              height="17"
              fill="#92400e"
              opacity={alpha}
            />
          );
        })}
      </g>
    </>
  );
}

function Transparency({ ids }: { ids: Ids }) {
  // The same sneaker three times: on a checkerboard, on white and on a coloured banner.
  const shoe = (dx: number) => (
    <g transform={`translate(${dx} 0)`}>
      <path d="M14 112 L14 90 Q30 88 40 72 L56 74 Q62 92 86 96 Q96 98 96 112 Z" fill="#f43f5e" />
      <rect x="12" y="110" width="86" height="8" rx="4" fill="#f8fafc" stroke="#cbd5e1" />
      <path d="M42 80 l8 6 M46 76 l8 6" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </g>
  );
  return (
    <>
      <Checkerboard id={ids.checker} x={16} y={40} w={92} h={100} />
      <rect x="114" y="40" width="92" height="100" rx="0" fill="white" stroke="#e2e8f0" />
      <rect x="212" y="40" width="92" height="100" fill={`url(#${ids.fade})`} />
      {shoe(6)}
      {shoe(104)}
      <ellipse cx="158" cy="120" rx="36" ry="3" fill="#0f172a" opacity="0.1" />
      {shoe(202)}
    </>
  );
}

function Api() {
  // A terminal sending photos to the API, and cutouts coming back.
  return (
    <>
      <rect x="20" y="30" width="150" height="120" rx="8" fill="#0f172a" />
      <circle cx="34" cy="42" r="3.5" fill="#f87171" />
      <circle cx="46" cy="42" r="3.5" fill="#fbbf24" />
      <circle cx="58" cy="42" r="3.5" fill="#4ade80" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <rect
          key={i}
          x={32 + (i % 2) * 10}
          y={60 + i * 13}
          width={[90, 70, 100, 56, 80, 40][i]}
          height="5"
          rx="2.5"
          fill={['#a5b4fc', '#94a3b8', '#86efac', '#94a3b8', '#a5b4fc', '#fcd34d'][i]}
        />
      ))}
      <path d="M178 90 H212" stroke="#6366f1" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M204 82 L214 90 L204 98"
        fill="none"
        stroke="#6366f1"
        strokeWidth="3"
        strokeLinecap="round"
      />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${222 + i * 8} ${44 + i * 30})`}>
          <rect width="62" height="46" rx="6" fill="white" stroke="#e2e8f0" />
          <circle cx="31" cy="20" r="10" fill={['#f97316', '#22c55e', '#6366f1'][i]} />
          <rect
            x="19"
            y="30"
            width="24"
            height="8"
            rx="3"
            fill={['#fdba74', '#86efac', '#a5b4fc'][i]}
          />
        </g>
      ))}
    </>
  );
}

const drawings: Record<BlogArtKind, (ids: Ids) => ReactNode> = {
  cutout: (ids) => <Cutout ids={ids} />,
  product: () => <Product />,
  marketplace: () => <Marketplace />,
  hair: (ids) => <Hair ids={ids} />,
  transparency: (ids) => <Transparency ids={ids} />,
  api: () => <Api />,
};

/** A post's picture. `alt` is its description (spec §3 image); decorative copies pass ''. */
export function BlogArt({
  art,
  alt,
  className,
}: {
  art: BlogArtKind;
  alt: string;
  className?: string;
}) {
  const id = useId().replace(/:/g, '');
  const ids: Ids = { checker: `${id}-checker`, glow: `${id}-glow`, fade: `${id}-fade` };
  return (
    <svg
      viewBox="0 0 320 180"
      width="320"
      height="180"
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={cn('block h-auto w-full text-foreground', className)}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <pattern id={ids.checker} width="12" height="12" patternUnits="userSpaceOnUse">
          <rect width="12" height="12" fill="#f1f5f9" />
          <rect width="6" height="6" fill="#cbd5e1" />
          <rect x="6" y="6" width="6" height="6" fill="#cbd5e1" />
        </pattern>
        <linearGradient id={ids.glow} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e0e7ff" />
          <stop offset="1" stopColor="#f5f3ff" />
        </linearGradient>
        <linearGradient id={ids.fade} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#818cf8" />
          <stop offset="1" stopColor="#c084fc" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${ids.glow})`} className="dark:opacity-90" />
      {drawings[art](ids)}
    </svg>
  );
}
