import type { Job } from '@cutout/contracts';
import { useState, type RefObject } from 'react';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { resetMask, saveMask } from '../api/mask';
import { touchUpTexts as texts } from '../touch-up-texts';

/**
 * Save sends the mask once, as a PNG, and the server makes the three results from it (decision
 * 0150); Reset goes back to the model's cut-out. Either closes the touch-up when it is done; a
 * failure is a toast and leaves it open.
 */
export function useMaskSave({
  job,
  maskRef,
  onChanged,
  onClose,
}: {
  job: Job;
  maskRef: RefObject<HTMLCanvasElement | null>;
  onChanged: (job: Job) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const save = async () => {
    const maskCanvas = maskRef.current;
    if (!maskCanvas) return;
    setBusy('save');
    try {
      const blob = await new Promise<Blob>((resolve, reject) =>
        maskCanvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The mask could not be encoded'))),
          'image/png',
        ),
      );
      const saved = await saveMask(job.id, blob);
      onChanged(saved);
      const toast = await loadToast();
      toast.success(texts.saved);
      onClose();
    } catch (error) {
      void toastError(error);
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('reset');
    try {
      const original = await resetMask(job.id);
      onChanged(original);
      const toast = await loadToast();
      toast.success(texts.reset);
      onClose();
    } catch (error) {
      void toastError(error);
      setBusy(null);
    }
  };

  return { busy, save, reset };
}
