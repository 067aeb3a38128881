import type { AspectRatio, CurrentUser, EditedImageRecord } from '@image-lab/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { USER_STATS_KEY, useUserStats } from '@/features/credits/use-user-stats';
import { EditorGallery, EditorViewTabs, useEditorView } from '@/features/gallery/EditorViewSwitch';
import { useProjectRecords } from '@/features/projects/use-project-records';
import { usePublishEditor } from '@/features/share/current-image';
import { EDITED_IMAGES_KEY } from '@/lib/images/images-api';
import { useDownload } from '@/lib/images/use-download';
import { useHistoryArrowKeys } from '@/lib/arrow-keys';
import { useImagesUpdated } from '@/lib/live/account-events';
import { useIsGuest } from '@/providers/editor-mode';
import { sessionIdFor } from '@/lib/session-id';
import { useCapabilities, useEditedImages } from './api';
import { CanvasContent, type CanvasView } from './canvas/CanvasContent';
import { CanvasStage } from './canvas/CanvasStage';
import { CanvasToolbar } from './canvas/CanvasToolbar';
import { StepArrows } from './canvas/StepArrows';
import { preflight } from './generation/preflight';
import { useGenerate } from './generation/use-generate';
import { batchOf, byAge } from './history/history-tree';
import { HistoryPanel } from './history/HistoryPanel';
import { useEditorSelection } from './history/use-editor-selection';
import { AnalysisPanel, CropEditor, Slideshow, TwoStepStatus, VideoStudio } from './on-demand';
import { DEFAULT_PRESETS } from './presets/preset-catalogue';
import { PresetsPanel } from './presets/PresetsPanel';
import { useLockedPreset } from './presets/use-locked-preset';
import { useRenderTools, type RenderToolsApi } from './presets/use-render-tools';
import { GenerationOptions } from './prompt/GenerationOptions';
import { PromptBox } from './prompt/PromptBox';
import { SkippedNotice } from './prompt/SkippedNotice';
import { ResultReport, SelectionBar, SelectionOverlay } from './selection/EditorSelection';
import { useResultTools } from './selection/use-result-tools';
import { useAnalysis, useEnhance } from './prompt/use-prompt-help';
import { FilePicker } from './upload/FilePicker';
import { useUploadImage } from './upload/use-upload-image';

interface RunInput {
  prompt: string;
  preset?: string;
  referenceImageUrl?: string;
}

/** The editor: upload, edit by prompt or preset, step through the history, compare, download. */
export function EditorPage({ user }: { user: CurrentUser | null }) {
  const guest = useIsGuest();
  const queryClient = useQueryClient();
  const sessionId = useMemo(() => sessionIdFor(user?.id ?? 'guest'), [user?.id]);
  const images = useEditedImages();
  // The editor works in the active project (docs/decisions/010-project-and-image-sharing-ui.md).
  const records = useProjectRecords(images.data, !guest);
  const capabilities = useCapabilities();
  const stats = useUserStats(!guest);
  const { tree, selected, branch, select, step, clear } = useEditorSelection(records);
  const [prompt, setPrompt] = useState('');
  const [numImages, setNumImages] = useState(1);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('3:4');
  const [view, setView] = useState<'single' | 'grid' | 'compare'>('single');
  // What the engine skipped of the prompt that made this image (shown while it is on screen).
  const [skipped, setSkipped] = useState<{ imageId: string; parts: string[] } | null>(null);
  const [pendingPreset, setPendingPreset] = useState<string | null>(null);
  const [locked, setLocked] = useLockedPreset();
  const [cropping, setCropping] = useState(false);
  const [slideshowAt, setSlideshowAt] = useState<number | null>(null);
  const promptField = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const download = useDownload();
  const analysis = useAnalysis(selected?.imageUrl);
  const { enhance, enhancing } = useEnhance(setPrompt);
  const [editorView, setEditorView] = useEditorView();
  usePublishEditor(selected, records, branch.steps, sessionId);
  const keysOn = !cropping && slideshowAt === null && editorView === 'canvas';
  const results = useResultTools(selected, keysOn, !guest);
  const { reports } = results;

  useImagesUpdated(() => {
    void queryClient.invalidateQueries({ queryKey: EDITED_IMAGES_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_STATS_KEY });
  }, !guest);

  // Moves a two-step render on; set from the render tools below, which need `run`.
  const afterGenerate = useRef<RenderToolsApi['afterGenerate']>(undefined);
  const { generate, refuse, isGenerating, progress } = useGenerate(
    (response, request) => {
      const first = [...response.images].sort(byAge)[0];
      if (first) select(first, first.id);
      setView(response.images.length > 1 ? 'grid' : 'single');
      const parts = reports.noteAnswer(response);
      setSkipped(first && parts.length > 0 ? { imageId: first.id, parts } : null);
      if (!request.preset) setPrompt('');
      afterGenerate.current?.(request, first);
    },
    (clauses) => selected && reports.noteRefusal(selected.id, clauses),
  );

  // Without a hosted image model, a prompt alone makes an abstract picture: say so up front.
  const localGenerator = capabilities.data?.capabilities.some(
    (c) => c.capability === 'generate' && c.provider === 'local',
  );
  const canGenerateNew = Boolean(
    capabilities.data?.capabilities.some((c) => c.capability === 'generate' && c.available),
  );
  const run = (input: RunInput, source: EditedImageRecord | undefined = selected) => {
    const check = preflight({
      ...input,
      hasImage: Boolean(source),
      canGenerateNew,
      // A guest's allowance is checked by the server, whose refusal invites them to sign up.
      credits: guest ? undefined : stats.data?.creditsRemaining,
      numImages,
    });
    if (!check.ok) return refuse(check.toast);
    setPendingPreset(input.preset ?? null);
    setSkipped(null);
    reports.forget();
    generate({
      imageUrl: source?.imageUrl,
      prompt: input.prompt.trim(),
      numImages,
      aspectRatio,
      preset: input.preset,
      referenceImageUrl: input.referenceImageUrl,
      generateNew: check.generateNew || undefined,
      sessionId,
      ...(source === selected ? results.part.requestPart() : {}),
    });
  };

  const tools = useRenderTools({
    capabilities: capabilities.data?.capabilities,
    credits: guest ? undefined : stats.data?.creditsRemaining,
    selected,
    run,
    refuse,
  });
  useEffect(() => {
    afterGenerate.current = tools.afterGenerate;
  });

  const { upload, isUploading } = useUploadImage(sessionId, (record) => {
    select(record, record.id);
    setView('single');
    setSkipped(null);
    if (locked) run({ prompt: '', preset: locked }, record);
  });

  const busy = isGenerating || isUploading;
  // While cropping, the rest of the editor waits so the crop's source stays put.
  const frozen = busy || cropping;
  const choose = (record: EditedImageRecord) => {
    select(record);
    if (view === 'grid') setView('single');
  };
  const stepBy = (delta: -1 | 1) => {
    if (!busy && step(delta) && view === 'grid') setView('single');
  };
  useHistoryArrowKeys(stepBy, keysOn);
  const openSlideshow = () => selected && setSlideshowAt(Math.max(0, branch.index));

  const batch = selected ? batchOf(tree, selected.id) : [];
  const originalUrl = branch.index > 0 ? branch.steps[0]?.imageUrl : undefined;
  const waiting = !records && !images.isError;
  const canvasView: CanvasView = waiting
    ? 'loading'
    : !selected
      ? 'blank'
      : view === 'compare' && originalUrl
        ? 'compare'
        : view === 'grid' && batch.length > 1
          ? 'grid'
          : 'single';
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
              canCompare: Boolean(originalUrl),
              comparing: canvasView === 'compare',
              batchSize: batch.length,
              showingGrid: canvasView === 'grid',
              busy: frozen,
            }}
            actions={{
              onToggleCompare: () => setView(canvasView === 'compare' ? 'single' : 'compare'),
              onToggleGrid: () => setView(canvasView === 'grid' ? 'single' : 'grid'),
              onCrop: () => setCropping(true),
              onFullscreen: openSlideshow,
              onDownload: (format) =>
                selected && void download(selected.imageUrl, format, selected.prompt),
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
            progress={progress}
          >
            {cropping && selected ? (
              <CropEditor
                key={selected.id}
                image={selected}
                sessionId={sessionId}
                onCancel={() => setCropping(false)}
                onSaved={(record) => {
                  select(record, record.id);
                  setView('single');
                  setCropping(false);
                }}
              />
            ) : (
              <CanvasContent
                view={canvasView}
                selected={selected}
                batch={batch}
                originalUrl={originalUrl}
                onBrowse={() => picker.current?.click()}
                onChoose={choose}
                onOpenSlideshow={openSlideshow}
                overlay={
                  selected && <SelectionOverlay tools={results} image={selected} frozen={frozen} />
                }
              />
            )}
            {skipped && skipped.imageId === selected?.id && (
              <SkippedNotice parts={skipped.parts} onClose={() => setSkipped(null)} />
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
              onIndex={setSlideshowAt}
              onClose={() => setSlideshowAt(null)}
              onDownload={(image, format) => void download(image.imageUrl, format, image.prompt)}
              onSendToCanvas={(image) => {
                choose(image);
                setSlideshowAt(null);
              }}
            />
          )}
          <PromptBox
            value={prompt}
            onChange={setPrompt}
            onSend={() => run({ prompt })}
            onVoiceSend={(text) => run({ prompt: text })}
            onAnalyze={analysis.analyze}
            onEnhance={() => enhance(prompt)}
            hasImage={Boolean(selected)}
            localGenerator={localGenerator}
            generating={isGenerating}
            analyzing={analysis.analyzing}
            enhancing={enhancing}
            textareaRef={promptField}
            options={
              <GenerationOptions
                numImages={numImages}
                aspectRatio={aspectRatio}
                disabled={isGenerating}
                onNumImages={setNumImages}
                onAspectRatio={setAspectRatio}
              />
            }
          />
          {analysis.analysis && (
            <AnalysisPanel analysis={analysis.analysis} onUse={usePrompt} onClose={analysis.hide} />
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
              credits={guest ? undefined : stats.data?.creditsRemaining}
              localVideo={tools.localVideo}
            />
          )}
        </div>
        <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-3 lg:row-start-1 lg:self-start">
          <HistoryPanel tree={tree} branch={branch} disabled={frozen} onSelect={choose} />
        </aside>
        <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-1 lg:row-start-1 lg:self-start">
          <PresetsPanel
            presets={capabilities.data?.presets ?? DEFAULT_PRESETS}
            capabilities={capabilities.data?.capabilities}
            busy={frozen}
            runningPreset={isGenerating ? pendingPreset : null}
            locked={locked}
            onLock={setLocked}
            onApply={(preset, referenceImageUrl) => run({ prompt: '', preset, referenceImageUrl })}
            referenceCandidates={tree.roots.filter((r) => r.id !== branch.steps[0]?.id).slice(0, 8)}
            sessionId={sessionId}
            onTool={tools.onTool}
            onRemove={(kind) => results.remove(kind, (text) => run({ prompt: text }))}
          />
        </aside>
      </div>
    </div>
  );
}
