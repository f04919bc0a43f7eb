import { useToasts } from '../../../ui/Toasts';

/** Copy: puts `text` on the clipboard and says so; when the browser refuses, asks to copy by hand. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const toasts = useToasts();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(`${what} copied to clipboard`);
    } catch {
      toasts.error(`Could not copy the ${what.toLowerCase()}; select it and copy it by hand.`);
    }
  }
  return (
    <button type="button" className="button" onClick={() => void copy()}>
      Copy
    </button>
  );
}
