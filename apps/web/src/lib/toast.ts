import { paths, toastConfig } from '@cutout/contracts';
import type { toast as sonnerToast } from 'sonner';
import { lazyModule } from './lazy-module';

/**
 * The one way to show a toast. sonner (~9 KB gzip) is not part of any page's first load: it is
 * fetched with the first toast, and the <Toaster> is mounted before that toast is published —
 * sonner drops toasts published while no Toaster listens.
 */
export const sonnerModule = lazyModule(() => import('sonner'));

let markMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the provider once its <Toaster> has subscribed. */
export function toasterDidMount(): void {
  markMounted();
}

export async function loadToast(): Promise<typeof sonnerToast> {
  const { toast } = await sonnerModule.load();
  await toasterMounted;
  return toast;
}

export type ToastPosition =
  typeof toastConfig.position | typeof toastConfig.adminPosition | typeof toastConfig.phonePosition;

/** On a phone the toasts go over the header, whatever the page asks for (issue 26). */
export function toastPlacement(position: ToastPosition, phone: boolean): ToastPosition {
  return phone ? toastConfig.phonePosition : position;
}

export const phoneQuery = `(max-width: ${toastConfig.phoneMaxWidthPx}px)`;

/** Where toasts appear (spec §9): top-right in the admin back-office, bottom-right elsewhere. */
export function toastPositionFor(pathname: string): ToastPosition {
  const inAdmin = pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
  return inAdmin ? toastConfig.adminPosition : toastConfig.position;
}
