import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { loadToast } from '../../../lib/toast';
import { apiDocsTexts } from '../texts';

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
      toast.error(apiDocsTexts.copy.failed);
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
        {copied ? apiDocsTexts.copy.copied : apiDocsTexts.copy.copy}
        <span className="sr-only"> {label}</span>
      </Button>
      <span role="status" className="sr-only">
        {copied ? apiDocsTexts.copy.copiedStatus : ''}
      </span>
    </>
  );
}
