import tractorDrawing from '../../public/drawings/wheeled-tractor.svg?raw';

/**
 * The wheeled tractor's drawing (web/public/drawings/wheeled-tractor.svg,
 * the same file the other cards load as an image) written into the page
 * itself: where it is the first screen's picture, it paints with the page,
 * with no request before it. Light, sharp at any size, and clearly not a
 * real photo.
 */
export function TractorIllustration({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`[&>svg]:block [&>svg]:size-full ${className}`} dangerouslySetInnerHTML={{ __html: tractorDrawing }} />;
}
