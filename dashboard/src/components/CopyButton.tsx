import { useState } from 'react';

/** Copies `text` to the clipboard and says so for two seconds (to screen readers too). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    window.setTimeout(() => setCopied(null), 2000);
  };
  return (
    <button type="button" className="button button-secondary" onClick={copy}>
      <span aria-live="polite">{copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Select and copy by hand' : label}</span>
    </button>
  );
}
