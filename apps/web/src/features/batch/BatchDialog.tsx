import {
  BATCH_MAX_IMAGES,
  type Batch,
  type BatchProject,
  type Project,
  type RecipesResponse,
} from '@image-lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Layers, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal, ModalActions } from '@/components/ui/modal';
import { toast } from '@/hooks/use-toast';
import { GUEST_ALLOWANCE_KEY, PROJECTS_KEY } from '@/lib/query-keys';
import { useUserStats } from '@/features/credits/use-user-stats';
import { QUEUE_KEY, RECIPES_KEY, startBatch } from './batch-api';
import { batchErrorText } from './batch-errors';
import {
  creditsPerImage,
  OperationPicker,
  operationOf,
  type OperationChoice,
} from './OperationPicker';

type Destination = 'new' | 'inPlace' | string;

export interface BatchImages {
  /** An account's images by id, or a visitor's by address. */
  ids?: string[];
  urls?: string[];
}

const countOf = (images: BatchImages) => (images.ids ?? images.urls ?? []).length;

/**
 * "Apply to N images": a preset, a prompt or a recipe, and where the results go (a new project,
 * one of the account's, or where each image is); the price before starting. One batch job.
 */
export function BatchDialog({
  open,
  images,
  guest,
  onClose,
  onStarted,
}: {
  open: boolean;
  images: BatchImages;
  guest: boolean;
  onClose(): void;
  onStarted(batch: Batch): void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const count = countOf(images);
  const [choice, setChoice] = useState<OperationChoice>({
    kind: 'preset',
    preset: null,
    prompt: '',
    recipeId: null,
  });
  const [destination, setDestination] = useState<Destination>('new');
  const defaultName = t('batch.dialog.defaultName', {
    date: new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' }).format(
      new Date(),
    ),
  });
  const [name, setName] = useState('');
  const projects = useQuery<Project[]>({ queryKey: PROJECTS_KEY, enabled: open && !guest });
  const recipes = useQuery<RecipesResponse>({ queryKey: RECIPES_KEY, enabled: open && !guest });
  const stats = useUserStats(open && !guest);
  const operation = operationOf(choice);
  const perImage = creditsPerImage(choice, recipes.data);
  const total = perImage * count;
  const balance = stats.data?.creditsRemaining;
  const short = !guest && balance !== undefined && balance < total;

  const project = (): BatchProject | undefined => {
    if (guest || destination === 'inPlace') return undefined;
    if (destination === 'new')
      return { kind: 'new', name: (name.trim() || defaultName).slice(0, 20) };
    return { kind: 'existing', id: destination };
  };
  const start = useMutation({
    mutationFn: () =>
      startBatch({
        ...(images.ids ? { imageIds: images.ids } : { imageUrls: images.urls }),
        operation: operation!,
        project: project(),
      }),
    onSuccess: (batch) => {
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      // A visitor's banner counts the free edits left: the batch took some.
      if (guest) void queryClient.invalidateQueries({ queryKey: GUEST_ALLOWANCE_KEY });
      if (destination === 'new') void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      toast({
        title: t('batch.toast.started'),
        description: t('batch.toast.startedBody', { count: batch.counts.total }),
      });
      onStarted(batch);
    },
    onError: (error) =>
      toast({
        title: t('batch.errors.startTitle'),
        description: batchErrorText(t, error),
        variant: 'destructive',
      }),
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('batch.dialog.title', { count })}
      description={t('batch.dialog.body')}
      testId="batch-dialog"
      className="sm:max-w-lg"
    >
      <form
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (operation && !short && count <= BATCH_MAX_IMAGES) start.mutate();
        }}
      >
        <OperationPicker choice={choice} onChoice={setChoice} recipes={!guest} />
        {!guest && (
          <div className="grid gap-2">
            <label htmlFor="batch-destination" className="text-sm font-medium">
              {t('batch.dialog.where')}
            </label>
            <select
              id="batch-destination"
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
              className="h-11 w-full cursor-pointer rounded-lg border bg-card px-3 text-sm shadow-sm"
            >
              <option value="new">{t('batch.dialog.newProject')}</option>
              {(projects.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              <option value="inPlace">{t('batch.dialog.inPlace')}</option>
            </select>
            {destination === 'new' && (
              <Input
                aria-label={t('batch.dialog.projectName')}
                placeholder={defaultName}
                value={name}
                maxLength={20}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </div>
        )}
        <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm" aria-live="polite">
          {count > BATCH_MAX_IMAGES ? (
            <p className="font-medium text-destructive">
              {t('batch.errors.too_many_images', { max: BATCH_MAX_IMAGES })}
            </p>
          ) : guest ? (
            <p className="font-medium">{t('batch.dialog.guestCost', { count: total })}</p>
          ) : (
            <>
              <p className="font-medium">
                {t('batch.dialog.cost', { count: total, perImage })}
                {balance !== undefined && ` ${t('batch.dialog.balance', { count: balance })}`}
              </p>
              {short && <p className="text-destructive">{t('batch.dialog.notEnough')}</p>}
            </>
          )}
          <p className="text-muted-foreground">
            {t(guest ? 'batch.dialog.guestRefundNote' : 'batch.dialog.refundNote')}
          </p>
        </div>
        <ModalActions>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('batch.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!operation || short || count > BATCH_MAX_IMAGES || start.isPending}
            data-testid="batch-start"
          >
            {start.isPending ? <Loader2 className="animate-spin" /> : <Layers />}
            {start.isPending ? t('batch.dialog.starting') : t('batch.dialog.start')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
