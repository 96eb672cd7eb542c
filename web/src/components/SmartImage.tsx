// An <img> that swaps to the bundled placeholder photo when the source is missing or fails.
import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../lib/images';

interface SmartImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Called once when the given source failed and the placeholder took its place. */
  onFallback?: () => void;
}

export function SmartImage({ src, alt, onFallback, ...rest }: SmartImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      {...rest}
      src={usable}
      alt={alt ?? ''}
      onError={() => {
        if (usable !== PLACEHOLDER_IMAGE) {
          setFailedSrc(String(src));
          onFallback?.();
        }
      }}
    />
  );
}
