import { useEffect, useState } from 'react';
import type { Size } from '../../../contract/composition';

/**
 * An image's own pixel size, once the browser has it (null before, and for one that does not
 * load). The file is the one the cards already show, so the browser's cache serves it.
 */
export function useImageSize(url: string | undefined): Size | null {
  const [size, setSize] = useState<{ url: string; size: Size } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => {
      if (image.naturalWidth > 0 && image.naturalHeight > 0)
        setSize({ url, size: { width: image.naturalWidth, height: image.naturalHeight } });
    };
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return size && size.url === url ? size.size : null;
}
