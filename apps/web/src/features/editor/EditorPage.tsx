import type { CurrentUser } from '@image-lab/contract';
import { useMemo, useRef } from 'react';
import { useUserStats } from '@/features/credits/use-user-stats';
import { EditorGallery, EditorViewTabs, useEditorView } from '@/features/gallery/EditorViewSwitch';
import { useProjectRecords } from '@/features/projects/use-project-records';
import { usePublishEditor } from '@/features/share/current-image';
import { namingText } from '@/lib/images/image-urls';
import { useDownload } from '@/lib/images/use-download';
import { ReadOnlyNote } from '@/components/ReadOnlyNote';
import { useMayWrite } from '@/hooks/use-may-write';
import { useHistoryArrowKeys } from '@/lib/arrow-keys';
import { useIsGuest } from '@/providers/editor-mode';
import { sessionIdFor } from '@/lib/session-id';
import { useEditedImages } from './api';
import { CanvasContent } from './canvas/CanvasContent';
import { CanvasStage } from './canvas/CanvasStage';
import { CanvasToolbar } from './canvas/CanvasToolbar';
import { StepArrows } from './canvas/StepArrows';
import { HistoryPanel } from './history/HistoryPanel';
import { useEditorSelection } from './history/use-editor-selection';
import { AnalysisPanel, CropEditor, Slideshow, TwoStepStatus, VideoStudio } from './on-demand';
import { DEFAULT_PRESETS } from './presets/preset-catalogue';
import { PresetsPanel } from './presets/PresetsPanel';
import { RecipesPanel } from './recipes/RecipesPanel';
import { useLockedPreset } from './presets/use-locked-preset';
import { GenerationOptions } from './prompt/GenerationOptions';
import { PromptBox } from './prompt/PromptBox';
import { SkippedNotice } from './prompt/SkippedNotice';
import { ResultReport, SelectionBar, SelectionOverlay } from './selection/EditorSelection';
import { useResultTools } from './selection/use-result-tools';
import { useAnalysis, useEnhance } from './prompt/use-prompt-help';
import { FilePicker } from './upload/FilePicker';
import { useUploadImage } from './upload/use-upload-image';
import { useCanvasView } from './use-canvas-view';
import { useEditorRun } from './use-editor-run';

/** The editor: upload, edit by prompt or preset, step through the history, compare, download. */
export function EditorPage({ user }: { user: CurrentUser | null }) {
  const guest = useIsGuest();
  const mayWrite = useMayWrite();
  const sessionId = useMemo(() => sessionIdFor(user?.id ?? 'guest'), [user?.id]);
  const images = useEditedImages();
  // The editor works in the active project (docs/decisions/010-project-and-image-sharing-ui.md).
  const records = useProjectRecords(images.data, !guest);
  const stats = useUserStats(!guest);
  const credits = guest ? undefined : stats.data?.creditsRemaining;
  const selection = useEditorSelection(records);
  const { tree, selected, branch, select, step, clear } = selection;
  const canvas = useCanvasView(selection, !records && !images.isError);
  const { canvasView, cropping, slideshowAt, choose } = canvas;
  const [locked, setLocked] = useLockedPreset();
  const promptField = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const download = useDownload();
  const analysis = useAnalysis(selected?.imageUrl);
  const [editorView, setEditorView] = useEditorView();
  usePublishEditor(selected, records, branch.steps, sessionId);
  const keysOn = !cropping && slideshowAt === null && editorView === 'canvas';
  const results = useResultTools(selected, keysOn, !guest);
  const editor = useEditorRun({ ...canvas, selected, select, results, credits, sessionId });
  const { prompt, setPrompt, setSkipped, run, tools, isGenerating } = editor;
  const { enhance, enhancing } = useEnhance(setPrompt);

  const { upload, isUploading } = useUploadImage(sessionId, (record) => {
    canvas.showNew(record);
    setSkipped(null);
    if (locked) run({ prompt: '', preset: locked }, record);
  });

  const busy = isGenerating || isUploading;
  // While cropping, the rest of the editor waits so the crop's source stays put.
  const frozen = busy || cropping;
  const stepBy = (delta: -1 | 1) => {
    if (!busy && step(delta)) canvas.afterStep();
  };
  useHistoryArrowKeys(stepBy, keysOn);
  const usePrompt = (text: string) => {
    setPrompt(text);
    promptField.current?.focus();
  };

  if (editorView === 'gallery') {
    return <EditorGallery guest={guest} records={records} onEdit={choose} onView={setEditorView} />;
  }
  return (
    <div className="mx-auto max-w-[1600px] px-3 py-4 sm:px-6 lg:py-6">
      <FilePicker ref={picker} onFile={upload} />
      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_16rem] xl:grid-cols-[16rem_minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-start-1">
          <EditorViewTabs view="canvas" onChange={setEditorView} />
          <CanvasToolbar
            state={{
              hasImage: Boolean(selected),
              position: { index: branch.index, total: branch.steps.length },
              canCompare: Boolean(canvas.originalUrl),
              comparing: canvasView === 'compare',
              batchSize: canvas.batch.length,
              showingGrid: canvasView === 'grid',
              busy: frozen,
            }}
            actions={{
              onToggleCompare: () =>
                canvas.setView(canvasView === 'compare' ? 'single' : 'compare'),
              onToggleGrid: () => canvas.setView(canvasView === 'grid' ? 'single' : 'grid'),
              onCrop: () => canvas.setCropping(true),
              onFullscreen: canvas.openSlideshow,
              onDownload: (format) =>
                selected && void download(selected.imageUrl, format, namingText(selected)),
              onUpload: () => picker.current?.click(),
              onClear: () => {
                clear();
                setPrompt('');
                setSkipped(null);
              },
            }}
          />
          {selected && canvasView === 'single' && (
            <SelectionBar tools={results} disabled={frozen} />
          )}
          <CanvasStage
            onFile={upload}
            busy={isGenerating ? 'generating' : isUploading ? 'uploading' : null}
            progress={editor.progress}
          >
            {cropping && selected ? (
              <CropEditor
                key={selected.id}
                image={selected}
                sessionId={sessionId}
                onCancel={() => canvas.setCropping(false)}
                onSaved={(record) => {
                  canvas.showNew(record);
                  canvas.setCropping(false);
                }}
              />
            ) : (
              <CanvasContent
                view={canvasView}
                selected={selected}
                batch={canvas.batch}
                originalUrl={canvas.originalUrl}
                onBrowse={() => picker.current?.click()}
                onChoose={choose}
                onOpenSlideshow={canvas.openSlideshow}
                overlay={
                  selected && <SelectionOverlay tools={results} image={selected} frozen={frozen} />
                }
              />
            )}
            {editor.skipped && editor.skipped.imageId === selected?.id && (
              <SkippedNotice parts={editor.skipped.parts} onClose={() => setSkipped(null)} />
            )}
            {canvasView === 'single' && !busy && !cropping && (
              <StepArrows
                canGoBack={branch.index > 0}
                canGoForward={branch.index < branch.steps.length - 1}
                onStep={stepBy}
              />
            )}
          </CanvasStage>
          {selected && canvasView === 'single' && <ResultReport tools={results} image={selected} />}
          {slideshowAt !== null && (
            <Slideshow
              images={branch.steps}
              index={slideshowAt}
              onIndex={canvas.setSlideshowAt}
              onClose={() => canvas.setSlideshowAt(null)}
              onDownload={(image, format) =>
                void download(image.imageUrl, format, namingText(image))
              }
              onSendToCanvas={(image) => {
                choose(image);
                canvas.setSlideshowAt(null);
              }}
            />
          )}
          <ReadOnlyNote />
          {/* A read-only viewer of a shared account sees the tools but cannot run them. */}
          <fieldset disabled={!mayWrite} className="contents">
            <PromptBox
              value={prompt}
              onChange={setPrompt}
              onSend={() => run({ prompt })}
              onVoiceSend={(text) => run({ prompt: text })}
              onAnalyze={analysis.analyze}
              onEnhance={() => enhance(prompt)}
              hasImage={Boolean(selected)}
              localGenerator={editor.localGenerator}
              generating={isGenerating}
              analyzing={analysis.analyzing}
              enhancing={enhancing}
              textareaRef={promptField}
              options={
                <GenerationOptions
                  numImages={editor.numImages}
                  aspectRatio={editor.aspectRatio}
                  disabled={isGenerating}
                  onNumImages={editor.setNumImages}
                  onAspectRatio={editor.setAspectRatio}
                />
              }
            />
          </fieldset>
          {analysis.analysis && (
            <AnalysisPanel
              analysis={analysis.analysis}
              asked={analysis.asked}
              onUse={usePrompt}
              onClose={analysis.hide}
            />
          )}
          {tools.twoStep && (
            <TwoStepStatus
              step={tools.twoStep}
              generating={isGenerating}
              onClose={tools.closeTwoStep}
            />
          )}
          {tools.videoOpen !== null && (
            <VideoStudio
              source={selected}
              open={tools.videoOpen}
              onOpenChange={tools.setVideoOpen}
              credits={credits}
              localVideo={tools.localVideo}
            />
          )}
        </div>
        <aside
          aria-labelledby="history-title"
          className="min-w-0 lg:sticky lg:top-20 lg:col-start-3 lg:row-start-1 lg:self-start"
        >
          <HistoryPanel tree={tree} branch={branch} disabled={frozen} onSelect={choose} />
          {!guest && (
            <RecipesPanel
              selected={selected}
              disabled={frozen}
              mayWrite={mayWrite}
              onApplied={canvas.showNew}
            />
          )}
        </aside>
        <aside
          aria-labelledby="presets-title"
          className="min-w-0 lg:sticky lg:top-20 lg:col-start-1 lg:row-start-1 lg:self-start"
        >
          <fieldset disabled={!mayWrite} className="contents">
            <PresetsPanel
              presets={editor.capabilities.data?.presets ?? DEFAULT_PRESETS}
              capabilities={editor.capabilities.data?.capabilities}
              busy={frozen}
              runningPreset={isGenerating ? editor.pendingPreset : null}
              locked={locked}
              onLock={setLocked}
              onApply={(preset, referenceImageUrl) =>
                run({ prompt: '', preset, referenceImageUrl })
              }
              referenceCandidates={tree.roots
                .filter((r) => r.id !== branch.steps[0]?.id)
                .slice(0, 8)}
              sessionId={sessionId}
              onTool={tools.onTool}
              onRemove={(kind) => results.remove(kind, (text) => run({ prompt: text }))}
            />
          </fieldset>
        </aside>
      </div>
    </div>
  );
}
