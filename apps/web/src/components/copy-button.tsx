import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from './ui/button';
import { loadToast } from '../lib/toast';

export const copyTexts = {
  copy: 'Copy',
  copied: 'Copied',
  copiedStatus: 'Copied to clipboard',
  failed: 'Could not copy to the clipboard. Select the text and copy it instead.',
} as const;

const copiedForMs = 2000;

/** Copies `text` and says 'Copied' for two seconds; `label` names what is copied. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const toast = await loadToast();
      toast.error(copyTexts.failed);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedForMs);
  }

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? copyTexts.copied : copyTexts.copy}
        <span className="sr-only"> {label}</span>
      </Button>
      <span role="status" className="sr-only">
        {copied ? copyTexts.copiedStatus : ''}
      </span>
    </>
  );
}
