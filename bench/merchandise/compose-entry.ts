import { wholeImage } from '../../contract/composition';
import { composeProductImage } from '../../src/pages/merchandise/compose';

/** Loaded into Chromium by compose.ts: times the product's own composition code. */
declare global {
  interface Window {
    benchCompose: (
      apparelUrl: string,
      logoUrl: string,
      keep?: boolean,
    ) => Promise<{ ms: number; bytes: number; dataUrl?: string }>;
  }
}

window.benchCompose = async (apparelUrl, logoUrl, keep = false) => {
  const started = performance.now();
  // The whole image, at the size apparel without print areas of its own prints (no text is drawn here).
  const printableArea = { ...wholeImage, widthInches: 12, heightInches: 12 };
  const composition = await composeProductImage({ apparelUrl, logoUrl, printableArea });
  const ms = performance.now() - started;
  if (!composition) throw new Error('composition failed');
  const blob = composition.image;
  if (!keep) return { ms, bytes: blob.size };
  const dataUrl = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsDataURL(blob);
  });
  return { ms, bytes: blob.size, dataUrl };
};
