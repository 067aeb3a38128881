import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the editor that is not on its first screen, fetched the first time it is shown
 * (issue 6: at most 170 KB compressed for the first screen). Each brings its own Suspense
 * boundary, so while it loads only its own place waits, not the whole editor.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ReactNode) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback ?? null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}

const canvasWaiting = <div role="status" className="size-full animate-pulse bg-muted/60" />;

/** react-image-crop and its stylesheet come with it. */
export const CropEditor = onDemand(
  () => import('./crop/CropEditor').then((m) => m.CropEditor),
  canvasWaiting,
);
export const CompareSlider = onDemand(
  () => import('./canvas/CompareSlider').then((m) => m.CompareSlider),
  canvasWaiting,
);
export const Slideshow = onDemand(() => import('./slideshow/Slideshow').then((m) => m.Slideshow));
export const AnalysisPanel = onDemand(() =>
  import('./prompt/AnalysisPanel').then((m) => m.AnalysisPanel),
);
/** On the presets' third tab; the popover of radix-ui comes with it. */
export const StyleTransferPicker = onDemand(() =>
  import('./presets/StyleTransferPicker').then((m) => m.StyleTransferPicker),
);
/** Image to Video's dialog and panel (issue 10). */
export const VideoStudio = onDemand(() => import('./video/VideoStudio').then((m) => m.VideoStudio));
export const TwoStepStatus = onDemand(() =>
  import('./presets/TwoStepStatus').then((m) => m.TwoStepStatus),
);
/** On the presets' third tab, with its popover. */
export const UpscaleMenu = onDemand(() =>
  import('./presets/UpscaleMenu').then((m) => m.UpscaleMenu),
);
