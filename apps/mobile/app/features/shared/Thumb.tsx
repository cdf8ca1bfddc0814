import { useState } from 'react';
import { UploadImage } from '@portal/ui';

export interface ThumbProps {
  src: string;
  alt: string;
  className?: string;
  /** Shown when the item has no image or it fails to load. */
  fallback?: string;
  eager?: boolean;
  /** How wide the box is drawn (CSS `sizes`) when the image is an upload with variants. */
  sizes?: string;
}

/** A lazily loaded picture with a fixed ratio box (set by CSS), falling back to a default image. */
export function Thumb({ src, alt, className, fallback, eager = false, sizes = '50vw' }: ThumbProps) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? fallback : src;
  return (
    <span className={`m-thumb ${className ?? ''}`}>
      {url ? (
        <UploadImage
          src={url}
          sizes={sizes}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="m-thumb__blank" aria-hidden="true" />
      )}
    </span>
  );
}
